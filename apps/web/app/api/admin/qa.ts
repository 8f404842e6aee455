import { AppError } from "@releve/core";
import { demoPasswordVariable, QA_MESSAGES, type QaPanel, type QaResetResult } from "@releve/core/qa";
import { qaPanelState, resetQaGarments } from "@releve/db/qa";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "./admin-env";
import { refreshTap } from "./garments";

/** `/api/admin/qa`: the QA panel's reset (spec part 2 §7, qa-reset-e2e). */
export const qaRoutes = new Hono<AdminEnv>();

/** The demo accounts (never their passwords) and the sample garments the reset puts back. */
qaRoutes.get("/", async (c) => {
  const { accounts, samples } = await qaPanelState(c.get("db"));
  const body: QaPanel = {
    accounts: accounts.map((a) => ({ ...a, passwordVariable: demoPasswordVariable(a.role) })),
    samples: samples.map((g) => ({
      slug: g.slug,
      status: g.status,
      active: g.is_active,
      claimedAt: g.claimed_at?.getTime() ?? null,
    })),
  };
  return c.json(body);
});

/** A request with a body: a Content-Type, or a length other than 0, or a chunked one. */
const hasBody = (headers: Headers) =>
  headers.has("Content-Type") || headers.has("Transfer-Encoding") || Number(headers.get("Content-Length") ?? "0") !== 0;

/**
 * Resets mb-001 and ss-002 to unclaimed (audited, one batch) and rewrites their tap records,
 * so the next tap of either lands on the claim page. Takes no body: one sent is refused.
 */
qaRoutes.post("/reset", async (c) => {
  if (hasBody(c.req.raw.headers)) throw new AppError("bad_request", QA_MESSAGES.resetTakesNoBody);
  const before = await resetQaGarments(c.get("db"), actorOf(c));
  await Promise.all(before.map((g) => refreshTap(c.get("env"), g.slug)));
  const body: QaResetResult = {
    garments: before.map((g) => ({
      slug: g.slug,
      id: g.id,
      before: { status: g.status, owned: g.owner_user_id !== null, active: g.is_active },
    })),
    resetAt: Date.now(),
  };
  return c.json(body);
});
