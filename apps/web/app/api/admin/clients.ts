import { zValidator } from "@hono/zod-validator";
import { AppError } from "@releve/core";
import { type AdminClient, ListQuerySchema } from "@releve/core/admin-api";
import { publicName } from "@releve/core/share-visibility";
import { searchClients } from "@releve/db/profiles";
import { Hono } from "hono";
import { badRequest } from "../validation";
import type { AdminEnv } from "./admin-env";

/** `/api/admin/clients`: clients to reassign a garment to, by partial name, email or client id. */
export const clientRoutes = new Hono<AdminEnv>();

clientRoutes.get("/", zValidator("query", ListQuerySchema, badRequest), async (c) => {
  const { q } = c.req.valid("query");
  if (!q) throw new AppError("bad_request", "Type a name, email or client id to search.");
  const rows = await searchClients(c.get("db"), q);
  const clients: AdminClient[] = rows.map((r) => ({
    profileId: r.id,
    clientId: r.client_id,
    name: publicName(r),
    email: r.email,
  }));
  return c.json({ clients });
});
