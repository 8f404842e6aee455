import { AppError } from "@releve/core";
import {
  GarmentIdParam,
  GarmentStatusBody,
  InstagramPostBody,
  ListQuery,
  ReassignBody,
  TagBatchBody,
} from "@releve/core/admin-api";
import { toCsv } from "@releve/core/csv";
import { getDb } from "@releve/db";
import { type Context, Hono } from "hono";
import { type ZodType, z } from "zod";
import { tapStores } from "../env.server";
import { readSession, type SessionUser } from "../lib/session.server";
import {
  type Actor,
  createBatch,
  createPost,
  deletePost,
  listAudit,
  listBatches,
  listGarments,
  listPosts,
  listUnclaimed,
  markProgrammed,
  reassignGarment,
  recentScans,
  searchClients,
  setGarmentActive,
  updatePost,
} from "./admin-data";
import { loadAdminStats } from "./admin-stats";
import type { ApiEnv } from "./index";

type AdminEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { admin: SessionUser } };
type AdminContext = Context<AdminEnv>;

/** Every /api/admin/* route sits behind this: 401 without a session, 403 without admin rights. */
export const admin = new Hono<AdminEnv>();

admin.use(async (c, next) => {
  const { user } = await readSession(getDb(c.get("env").DB), c.req.raw);
  if (!user) throw new AppError("unauthorized", "Sign in with an admin account.");
  if (!user.adminRole) throw new AppError("forbidden", "Admin privileges required");
  c.set("admin", user);
  await next();
});

function valid<S extends ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const flat = z.flattenError(parsed.error);
    const first = flat.formErrors[0] ?? Object.values(flat.fieldErrors).flat()[0];
    throw new AppError("bad_request", (first as string | undefined) ?? `Invalid ${what}.`, flat.fieldErrors);
  }
  return parsed.data;
}

async function body<S extends ZodType>(c: AdminContext, schema: S): Promise<z.output<S>> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    throw new AppError("bad_request", "The request body must be JSON.");
  }
  return valid(schema, json, "request body");
}

const garmentId = (c: AdminContext) => valid(GarmentIdParam, c.req.param("id"), "garment id");
const postId = (c: AdminContext) => valid(GarmentIdParam, c.req.param("id"), "post id");
const actor = (c: AdminContext): Actor => ({ userId: c.get("admin").userId, email: c.get("admin").email });
const stores = (c: AdminContext) => tapStores(c.get("env"));

admin.get("/me", (c) => {
  const { email, adminRole, firstName, lastName } = c.get("admin");
  return c.json({ email, role: adminRole, firstName, lastName });
});

admin.get("/stats", async (c) => c.json(await loadAdminStats(c.get("env").DB)));

admin.get("/garments", async (c) => {
  const { q } = valid(ListQuery, c.req.query(), "query");
  return c.json(await listGarments(c.get("env").DB, q));
});

admin.get("/garments/export.csv", async (c) => {
  const { garments } = await listGarments(c.get("env").DB);
  const date = new Date().toISOString().slice(0, 10);
  const csv = toCsv(
    ["ID", "Title", "Brand", "Type", "Short slug", "Status", "Active", "Owner", "Owner email", "Created", "Claimed"],
    garments.map((g) => [
      g.id,
      g.title,
      g.brand,
      g.garmentType,
      g.shortSlug,
      g.status,
      g.isActive ? "Yes" : "No",
      g.owner?.name ?? "",
      g.owner?.email ?? "",
      new Date(g.createdAt),
      g.claimedAt === null ? null : new Date(g.claimedAt),
    ]),
  );
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="garments_export_${date}.csv"`,
    "Cache-Control": "private, no-store",
  });
});

admin.get("/garments/unclaimed", async (c) => {
  const { page = 1 } = valid(ListQuery, c.req.query(), "query");
  return c.json(await listUnclaimed(c.get("env").DB, new URL(c.req.url).origin, page));
});

admin.post("/garments/:id/status", async (c) => {
  const id = garmentId(c);
  const { is_active } = await body(c, GarmentStatusBody);
  return c.json(await setGarmentActive(stores(c), actor(c), id, is_active));
});

admin.post("/garments/:id/reassign", async (c) => {
  const id = garmentId(c);
  const { client_id } = await body(c, ReassignBody);
  return c.json(await reassignGarment(stores(c), actor(c), id, client_id));
});

admin.post("/garments/:id/programmed", async (c) =>
  c.json(await markProgrammed(c.get("env").DB, actor(c), garmentId(c))),
);

admin.get("/clients", async (c) => {
  const { q } = valid(ListQuery, c.req.query(), "query");
  if (!q) throw new AppError("bad_request", "Type a name, email or client id to search.");
  return c.json({ clients: await searchClients(c.get("env").DB, q) });
});

admin.get("/scans/recent", async (c) => c.json({ scans: await recentScans(c.get("env").DB) }));

admin.get("/audit", async (c) => c.json({ entries: await listAudit(c.get("env").DB) }));

admin.get("/instagram-posts", async (c) => c.json({ posts: await listPosts(c.get("env").DB) }));

admin.post("/instagram-posts", async (c) => {
  const input = await body(c, InstagramPostBody);
  return c.json(await createPost(c.get("env").DB, actor(c), { ...input, permalink: input.permalink ?? null }), 201);
});

admin.put("/instagram-posts/:id", async (c) => {
  const id = postId(c);
  const input = await body(c, InstagramPostBody);
  return c.json(await updatePost(c.get("env").DB, actor(c), id, { ...input, permalink: input.permalink ?? null }));
});

admin.delete("/instagram-posts/:id", async (c) => {
  await deletePost(c.get("env").DB, actor(c), postId(c));
  return c.body(null, 204);
});

admin.get("/tag-batches", async (c) => c.json({ batches: await listBatches(c.get("env").DB) }));

admin.post("/tag-batches", async (c) => {
  const input = await body(c, TagBatchBody);
  return c.json(await createBatch(c.get("env").DB, actor(c), input), 201);
});
