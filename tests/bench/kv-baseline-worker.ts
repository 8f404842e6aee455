import { Hono } from "hono";

// Reference (e): the baseline plus one KV read of the same record, nothing else. Locally,
// KV is Miniflare's simulator; (a)/(e) shows what the tap adds on top of its one KV read.
const app = new Hono<{ Bindings: { TAP_KV: KVNamespace } }>();
app.get("/t/:slug", async (c) => {
  await c.env.TAP_KV.get(`slug:${c.req.param("slug")}`, "json");
  return c.redirect(`/share/${c.req.param("slug")}`, 302);
});

export default app;
