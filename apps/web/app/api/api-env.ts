import type { Db } from "@releve/db";
import type { WebEnv } from "../env.server";

/** What every /api handler sees: the bindings, the validated env and the request's one drizzle client. */
export type ApiEnv = { Bindings: Env; Variables: { requestId: string; env: WebEnv; db: Db } };
