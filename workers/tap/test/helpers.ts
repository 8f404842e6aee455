import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { type DryRunViewer, signDryRunToken } from "@releve/core/qa/dry-run";
import { OWNER_TOKEN_COOKIE, signOwnerToken } from "@releve/core/tap/owner-token";
import { ScanMessageSchema } from "@releve/core/tap/scan-message";
import { getDb } from "@releve/db";
import { createSession } from "@releve/db/testing/factories";
import { vi } from "vitest";
import worker, { TapControl } from "../src/index";

export const db = getDb(env.DB);

let ipCounter = 0;
/** A fresh client IP per call, so the burst guard only merges the taps a test means to merge. */
export const nextIp = () => {
  ipCounter++;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

export type TapInit = RequestInit & { ownerToken?: string; ip?: string; userAgent?: string };

/**
 * One tap through the real worker, waiting for its waitUntil work (KV refill, queue send),
 * so the next call sees what this one left behind.
 */
export async function tap(path: string, init: TapInit = {}): Promise<Response> {
  const { ownerToken, ip, userAgent, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("cf-connecting-ip", ip ?? nextIp());
  headers.set(
    "user-agent",
    userAgent ??
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  );
  if (ownerToken) headers.set("cookie", `${OWNER_TOKEN_COOKIE}=${ownerToken}`);
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://releve.test${path}`, { redirect: "manual", ...rest, headers }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** An owner token for the user, naming a fresh live session of theirs (or the given one). */
export const tokenFor = async (userId: string, sessionId?: string) =>
  signOwnerToken(env.SESSION_SECRET, { userId, sessionId: sessionId ?? (await createSession(db, userId)) });

/** A link-tester dry-run marker, as the shell signs it for an admin (issue #20). */
export const dryRunMarker = (viewer: DryRunViewer = "visitor") =>
  signDryRunToken(env.SESSION_SECRET, { viewer, adminUserId: "test-admin" });

/** The real TapControl entrypoint of this worker, as a writer's service binding reaches it. */
export const tapControl = () => new TapControl(createExecutionContext(), env);

/** Drops this isolate's memo of a slug, so the next tap reads KV (or D1). */
export const forgetMemo = (slug: string) => tapControl().forget([slug]);

/**
 * Where a tap leads: a 302's Location, `in place <path>` when it answered with the shell's page
 * (the shell double names the path it rendered in `X-Shell-Page`), else the status.
 */
export function landing(res: Response): string | number | null {
  if (res.status === 302) return res.headers.get("location");
  const page = res.headers.get("x-shell-page");
  return res.status === 200 && page ? `in place ${page}` : res.status;
}

/**
 * The scan messages the worker hands to the queue (in batches) for these slugs: a batch may
 * also carry an earlier test's scan that was still waiting in this isolate's buffer.
 */
export const sentMessages = (...slugs: string[]) => {
  const sendBatch = vi.spyOn(env.SCANS, "sendBatch");
  return () =>
    sendBatch.mock.calls
      .flatMap(([batch]) => [...batch].map((m) => ScanMessageSchema.parse(m.body)))
      .filter((m) => slugs.includes(m.slug));
};
