import { env } from "cloudflare:workers";
import { E2E_SCENARIOS, E2E_STEP_COUNT, type E2eEvent, QA_ACCOUNT } from "@releve/core/qa/e2e-scenarios";
import { QA_MESSAGES } from "@releve/core/qa/tools";
import { garments, getDb, profiles, sessions, users } from "@releve/db";
import { createGarment } from "@releve/db/testing/factories";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminApiCallers } from "./admin-support";

// Issue #20 item 5, the e2e run's server side: who may start one, the stream's shape, real
// durations, a failing step named with its reason and the rest of its scenario skipped, and
// the clean-up of what the run made, whatever failed. The shell's page renderer is a stub in
// this tier ("page /path"), so the steps that read real pages fail here by design, which is
// exactly the failure path; the all-green run on real pages is tests/e2e/e2e-tests.spec.ts.

const db = getDb(env.DB);
const { call } = adminApiCallers();

async function events(res: Response): Promise<E2eEvent[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/x-ndjson; charset=utf-8");
  // Read as bytes: workerd warns on .text() of a content type it does not know as text.
  const text = new TextDecoder().decode(await res.arrayBuffer());
  expect(text.endsWith("\n")).toBe(true);
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as E2eEvent);
}

const steps = (all: E2eEvent[]) => all.filter((e): e is Extract<E2eEvent, { type: "step" }> => e.type === "step");

describe("POST /api/admin/qa/e2e-run", () => {
  it("refuses a visitor (401), a client (403) and a body; starts nothing", async () => {
    expect((await call("visitor", "POST", "/qa/e2e-run")).status).toBe(401);
    expect((await call("client", "POST", "/qa/e2e-run")).status).toBe(403);
    const withBody = await call("admin", "POST", "/qa/e2e-run", { go: true });
    expect(withBody.status).toBe(400);
    expect(((await withBody.json()) as { error: { message: string } }).error.message).toBe(QA_MESSAGES.e2eTakesNoBody);
    expect(await db.select().from(users).where(eq(users.email, QA_ACCOUNT.email))).toEqual([]);
  });

  it("streams every step with its result and duration, names a failure's reason, and cleans up", async () => {
    // The unclaimed sample the second scenario taps.
    await createGarment(db, { slug: "mb-001" });
    const all = await events(await call("admin", "POST", "/qa/e2e-run"));

    const start = all[0];
    expect(start?.type).toBe("start");
    const slug = start?.type === "start" ? start.slug : "";
    expect(slug).toMatch(/^qa-e2e-[0-9a-f]{10}$/);

    // One event per step, in the order of the scenarios, each with a real (measured) duration.
    const stepEvents = steps(all);
    expect(stepEvents).toHaveLength(E2E_STEP_COUNT);
    expect(stepEvents.map((e) => `${e.scenario}:${e.step}`)).toEqual(
      E2E_SCENARIOS.flatMap((s) => s.steps.map((_, i) => `${s.id}:${i}`)),
    );
    for (const e of stepEvents) {
      expect(e.ms).toBeGreaterThanOrEqual(0);
      expect(e.detail.length).toBeGreaterThan(0);
    }
    const byKey = new Map(stepEvents.map((e) => [`${e.scenario}:${e.step}`, e]));

    // The unknown tag is answered by the tap itself: real, and green here too.
    expect(byKey.get("unknown-tap:0")).toMatchObject({ result: "passed", detail: `404 for /t/${slug}-none` });
    expect(byKey.get("unknown-tap:1")).toMatchObject({ result: "passed" });
    // The tap of mb-001 is real: 302 to its claim page.
    expect(byKey.get("unclaimed-tap:0")).toMatchObject({ result: "passed", detail: "302 to /claim/mb-001" });
    // The stub renderer answers 200 without the real claim page's offer of an account: the step
    // fails with what it expected, and the rest of the scenario is skipped.
    expect(byKey.get("unclaimed-tap:1")).toMatchObject({
      result: "failed",
      detail: "the page does not offer 'Create an account to claim' (/auth?mode=signup&amp;redirect=%2Fclaim%2Fmb-001)",
    });
    expect(byKey.get("unclaimed-tap:2")).toMatchObject({ result: "skipped", ms: 0 });
    // The test garment is made, but the stub claim page does not claim it: the scenarios that need it are skipped.
    expect(byKey.get("visitor-card:0")).toMatchObject({
      result: "failed",
      detail: `${slug} is not the QA account's after the claim`,
    });
    for (const id of ["contact-exchange", "deactivate"]) {
      for (const e of stepEvents.filter((s) => s.scenario === id)) expect(e.result).toBe("skipped");
    }

    // Clean-up: the garment made and the run's session are gone; the QA account stays, as set.
    const cleanup = all.at(-2);
    expect(cleanup).toMatchObject({ type: "cleanup", ok: true, removed: { garments: 1, sessions: 1 } });
    const end = all.at(-1);
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const e of stepEvents) counts[e.result] += 1;
    expect(end).toMatchObject({ type: "end", ...counts });
    expect(await db.select().from(garments).where(like(garments.short_slug, "qa-e2e-%"))).toEqual([]);
    const [account] = await db.select().from(users).where(eq(users.email, QA_ACCOUNT.email));
    expect(account?.email_verified_at).not.toBeNull();
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.user_id, account?.id ?? "")),
    ).toEqual([]);
    const [profile] = await db
      .select()
      .from(profiles)
      .where(eq(profiles.user_id, account?.id ?? ""));
    expect(profile).toMatchObject({
      mobile_phone: QA_ACCOUNT.mobile,
      share_mobile: true,
      website: QA_ACCOUNT.unsharedWebsite,
      share_website: false,
    });
  });

  it("reuses the one QA account run after run", async () => {
    await events(await call("admin", "POST", "/qa/e2e-run"));
    await events(await call("admin", "POST", "/qa/e2e-run"));
    expect(await db.select({ id: users.id }).from(users).where(eq(users.email, QA_ACCOUNT.email))).toHaveLength(1);
  });
});
