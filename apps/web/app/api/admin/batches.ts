import { AppError } from "@releve/core";
import { type TagBatch, TagBatchBodySchema } from "@releve/core/admin-api";
import { createTagBatch, listTagBatches } from "@releve/db/tags";
import { Hono } from "hono";
import { jsonBody } from "../validation";
import { type AdminEnv, actorOf } from "./admin-env";

/** `/api/admin/tag-batches`: NFC tag batches with their tag counts. */
export const batchRoutes = new Hono<AdminEnv>();

batchRoutes.get("/", async (c) => {
  const rows = await listTagBatches(c.get("db"));
  const batches: TagBatch[] = rows.map((r) => ({ ...r, created_at: r.created_at.getTime() }));
  return c.json({ batches });
});

batchRoutes.post("/", jsonBody(TagBatchBodySchema), async (c) => {
  const input = c.req.valid("json");
  const { id, createdAt } = await createTagBatch(c.get("db"), actorOf(c), input);
  if (id === undefined) throw new AppError("internal", "The batch was not saved.");
  const batch: TagBatch = { id, ...input, created_at: createdAt.getTime(), total: 0, programmed: 0, active: 0 };
  return c.json(batch, 201);
});
