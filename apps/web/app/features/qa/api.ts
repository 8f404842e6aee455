import { AppError } from "@releve/core";
import { LinkTestBodySchema } from "@releve/core/qa/contracts";
import { NOT_FOUND_DIAGNOSIS } from "@releve/core/qa/dry-run";
import {
  demoPasswordVariable,
  type LinkTestResult,
  QA_MESSAGES,
  type QaPanel,
  type QaResetResult,
} from "@releve/core/qa/tools";
import { qaPanelState } from "@releve/db/qa/queries";
import { resetQaGarments } from "@releve/verbs/qa/reset-qa-garments";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { hasBody, jsonBody } from "../../api/validation";
import { dryRunTap } from "./dry-run-tap";

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

/**
 * Resets mb-001 and ss-002 to unclaimed (the qa/reset-qa-garments verb: audited, one batch,
 * their tap records rewritten), so the next tap of either lands on the claim page. Takes no
 * body: one sent is refused.
 */
qaRoutes.post("/reset", async (c) => {
  if (hasBody(c.req.raw.headers)) throw new AppError("bad_request", QA_MESSAGES.resetTakesNoBody);
  const { garments } = await resetQaGarments(c.get("effects"), { staff: actorOf(c) });
  const body: QaResetResult = {
    garments: garments.map((g) => ({
      slug: g.slug,
      id: g.id,
      before: { status: g.status, owned: g.owner_user_id !== null, active: g.is_active },
    })),
    resetAt: Date.now(),
  };
  return c.json(body);
});

/**
 * The link tester (issue #20): one real request to the tap worker over its service binding, as
 * a dry run an admin asked for (the marker is a one-minute token only this route mints), so the
 * tap answers exactly as it would a person, records no scan, and adds its diagnosis. Redirects
 * are never followed: the answer is the tap's own status and Location.
 */
qaRoutes.post("/link-test", jsonBody(LinkTestBodySchema), async (c) => {
  const { slug, viewer } = c.req.valid("json");
  const path = `/t/${encodeURIComponent(slug)}`;
  const answer = await dryRunTap(c.get("env"), {
    origin: c.req.url,
    slug,
    viewer,
    adminUserId: c.get("admin").userId,
    userAgent: c.req.header("User-Agent") ?? "releve-link-tester",
  });
  // A path the tap's route does not even match (a slug of dots, say) is its plain 404: no lookup, no diagnosis.
  const diagnosis = answer.diagnosis ?? (answer.status === 404 ? NOT_FOUND_DIAGNOSIS : null);
  if (!diagnosis) {
    throw new AppError("internal", `${QA_MESSAGES.testFailed}: the tap answered ${answer.status} without a diagnosis.`);
  }
  const body: LinkTestResult = {
    slug,
    viewer,
    path,
    status: answer.status,
    location: answer.location,
    diagnosis,
    testedAt: Date.now(),
  };
  return c.json(body);
});
