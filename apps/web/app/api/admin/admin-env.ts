import type { Actor } from "@releve/db/platform/audit";
import type { Context } from "hono";
import type { SessionUser } from "../../features/accounts/session.server";
import type { ApiEnv } from "../api-env";

/** What every /api/admin handler sees: the API's variables and the signed-in admin. */
export type AdminEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { admin: SessionUser } };

/** The admin doing a change, as the audit log records them. */
export const actorOf = (c: Context<AdminEnv>): Actor => {
  const { userId, email } = c.get("admin");
  return { userId, email };
};
