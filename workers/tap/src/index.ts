import { Hono } from "hono";
import { getTapEnv } from "./env";
import { resolutionFailedPage } from "./resolution-failed";

type TapBindings = { Bindings: Env };

const app = new Hono<TapBindings>();

app.use(async (c, next) => {
  getTapEnv(c.env);
  await next();
  c.header("Cache-Control", "private, no-store");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Served-By", "releve-tap");
});

// Resolution (KV, then D1, then the tap rules) lands with the tap issue (#5). Until then
// every slug is answered as not resolvable, with the product's own failure page.
app.get("/t/:slug", (c) => c.html(resolutionFailedPage("Invalid garment link"), 404));

app.notFound((c) => c.html(resolutionFailedPage("Invalid garment link"), 404));

app.onError((err, c) => {
  console.error("[tap]", err);
  return c.html(resolutionFailedPage("Failed to resolve garment link"), 503);
});

export default app;
