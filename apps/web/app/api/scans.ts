import { AppError } from "@releve/core";
import { OWNER_TOKEN_COOKIE, verifyOwnerToken } from "@releve/core/owner-token";
import { LogScanRequestSchema } from "@releve/core/scan-message";
import { decideTap, viewerKindOf } from "@releve/core/tap-rules";
import { buildScanMessage, scanOrigin } from "@releve/core/tap-scan";
import { tapViewer } from "@releve/db/owner-session";
import { getTapRoute } from "@releve/db/tap-cache";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { ApiEnv } from "./api-env";
import { jsonBody } from "./validation";

/**
 * The spec's log-scan call (part 1 §7) for clients that log a scan themselves. A tap on
 * `/t/:slug` already logs its scan; both go through the same queue, message and burst guard,
 * so a client that taps and then calls this within the minute is still counted once.
 */
export const scans = new Hono<ApiEnv>();

scans.post("/", jsonBody(LogScanRequestSchema, "Invalid scan."), async (c) => {
  const { short_slug: slug, device_info: device } = c.req.valid("json");

  const env = c.get("env");
  const { route } = await getTapRoute(env, slug, (promise) => c.executionCtx.waitUntil(promise));
  if (!route || decideTap(route, null).status === 404) throw new AppError("not_found", "Invalid garment link");

  const owner = await verifyOwnerToken(env.SESSION_SECRET, getCookie(c, OWNER_TOKEN_COOKIE));
  // Counted as the owner's own scan only while the token's session lives, as the tap decides.
  const viewerUserId = await tapViewer(env.DB, route, owner);
  const message = await buildScanMessage(env.SESSION_SECRET, {
    route,
    viewer: viewerKindOf(route, viewerUserId),
    origin: scanOrigin(c.req.raw, device?.user_agent ?? c.req.header("user-agent") ?? null),
    source: "api",
    now: Date.now(),
  });
  // Awaited, unlike the tap's: the caller asked for exactly this, and 202 must mean "queued".
  await env.SCANS.send(message, { contentType: "json" });
  return c.json({ scan_id: message.scanId }, 202);
});
