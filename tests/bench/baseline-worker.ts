import { Hono } from "hono";

// Benchmark baseline (d): the same framework answering the same 302 with no lookup at all.
const app = new Hono();
app.get("/t/:slug", (c) => c.redirect(`/share/${c.req.param("slug")}`, 302));

export default app;
