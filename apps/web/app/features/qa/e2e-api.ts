import { AppError } from "@releve/core";
import type { DryRunViewer } from "@releve/core/qa/dry-run";
import {
  E2E_SCENARIOS,
  E2E_STEP_TIMEOUT_MS,
  E2E_UNCLAIMED_SAMPLE,
  type E2eEvent,
  type E2eScenarioId,
  QA_ACCOUNT,
  QA_RUN_SLUG_PREFIX,
} from "@releve/core/qa/e2e-scenarios";
import { QA_MESSAGES } from "@releve/core/qa/tools";
import { CONTACT_MESSAGES } from "@releve/core/sharing/contact";
import type { Db } from "@releve/db";
import type { Actor } from "@releve/db/platform/audit";
import { garmentBySlug } from "@releve/db/wardrobe/queries";
import type { Effects } from "@releve/verbs/effects";
import { createQaGarment } from "@releve/verbs/qa/create-qa-garment";
import { ensureQaAccount } from "@releve/verbs/qa/ensure-qa-account";
import { removeQaRun } from "@releve/verbs/qa/remove-qa-run";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import type { Loopback } from "../../api/api-env";
import { hasBody } from "../../api/validation";
import type { WebEnv } from "../../env.server";
import { createSession } from "../accounts/session.server";
import { type DryRunAnswer, dryRunTap } from "./dry-run-tap";

/**
 * `/api/admin/qa/e2e-run` (issue #20 item 5): the five scenarios of /e2e-tests, each step a
 * real request to this running system through the shell's own routing (the loopback): taps
 * are dry runs of the real tap (answered as to a person, no scan), pages are the real pages,
 * as the dedicated QA account or a visitor; the admin's own session changes what an admin
 * changes. The answer is a stream of JSON lines, a step's result the moment it ends. What the
 * run made is removed after it, also when a step failed or the page went away.
 */
export const e2eRoutes = new Hono<AdminEnv>();

const NDJSON = "application/x-ndjson; charset=utf-8";
const USER_AGENT = "Releve-QA-e2e/1";

/** A step's way to say it failed: the message is the reason the page shows after 'Test Failed'. */
class StepFailure extends Error {}
const fail = (reason: string): never => {
  throw new StepFailure(reason);
};

type Answer = DryRunAnswer;

/** What one run knows while it goes: who it is, how it asks, and the garment it made. */
type Run = {
  db: Db;
  env: WebEnv;
  /** The admin's: the run's writes are verbs acting as them. */
  effects: Effects;
  actor: Actor;
  runId: string;
  qaUserId: string;
  origin: string;
  loopback: Loopback;
  adminUserId: string;
  adminCookie: string;
  qaCookie: string;
  slug: string;
  garmentId: number | null;
  visitorName: string;
  /** Where the contact form's success sent the visitor (with their withdrawal link). */
  successPath?: string;
};

/** One request through the shell, as a browser would send it (Origin on a write). */
async function ask(
  run: Run,
  path: string,
  init: { method?: string; as?: "visitor" | "qa" | "admin"; form?: Record<string, string>; json?: unknown } = {},
): Promise<Answer> {
  const method = init.method ?? "GET";
  const headers = new Headers({ "User-Agent": USER_AGENT, Accept: "text/html,application/json" });
  if (method !== "GET") headers.set("Origin", run.origin);
  if (init.as === "qa") headers.set("Cookie", run.qaCookie);
  if (init.as === "admin") headers.set("Cookie", run.adminCookie);
  let body: BodyInit | undefined;
  if (init.form) body = new URLSearchParams(init.form);
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  const answer = await run.loopback(
    new Request(new URL(path, run.origin), { method, headers, body, redirect: "manual" }),
  );
  return {
    status: answer.status,
    location: answer.headers.get("Location"),
    text: await answer.text(),
    diagnosis: null,
  };
}

/** A tap of /t/<slug> as a dry run: the real tap's answer, its page and its diagnosis; no scan. */
const tap = (run: Run, slug: string, viewer: DryRunViewer = "visitor") =>
  dryRunTap(
    run.env,
    { origin: run.origin, slug, viewer, adminUserId: run.adminUserId, userAgent: USER_AGENT },
    { readPage: true },
  );

const got = (a: Answer) => `${a.status}${a.location ? ` to ${a.location}` : ""}`;

/** Why a tap answered as it did, from its diagnosis, for a failure's reason. */
function tapState(a: Answer, slug: string) {
  const d = a.diagnosis;
  if (!d) return "";
  if (!d.found) return ` (no garment has the slug ${slug})`;
  if (d.active === false) return ` (${slug} is deactivated)`;
  if (d.missing) return ` (${slug} is reported ${d.missing})`;
  return ` (${slug} is ${d.garmentStatus})`;
}

function expectTapStatus(a: Answer, slug: string, status: number, location?: string) {
  if (a.status !== status || (location !== undefined && a.location !== location)) {
    fail(`expected ${status}${location ? ` to ${location}` : ""}, got ${got(a)}${tapState(a, slug)}`);
  }
}

/** The card a visitor gets from the tap, in place (decision 0029): 200, the share page, the QA account's name. */
function expectCard(a: Answer, slug: string) {
  expectTapStatus(a, slug, 200);
  if (a.diagnosis?.action !== "page" || a.diagnosis.target !== `/share/${slug}`) {
    fail(`expected the share card in place, got action ${a.diagnosis?.action ?? "none"} to ${a.diagnosis?.target}`);
  }
  return `200, the share card of ${slug} in place`;
}

const includes = (text: string, value: string) => text.includes(value);
const htmlText = (value: string) => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

type Step = (run: Run) => Promise<string>;

/** The steps of each scenario, in the order E2E_SCENARIOS names them. Each returns what it saw. */
const STEPS: Record<E2eScenarioId, Step[]> = {
  "unknown-tap": [
    async (run) => {
      const a = await tap(run, `${run.slug}-none`);
      expectTapStatus(a, `${run.slug}-none`, 404);
      if (a.diagnosis?.found !== false) fail("the tap did not report the garment as not found");
      return `404 for /t/${run.slug}-none`;
    },
    async (run) => {
      const a = await tap(run, `${run.slug}-none`);
      if (!includes(a.text, "Invalid garment link")) fail("the 404 page does not say 'Invalid garment link'");
      return "the page says 'Invalid garment link'";
    },
  ],
  "unclaimed-tap": [
    async (run) => {
      const slug = E2E_UNCLAIMED_SAMPLE;
      const a = await tap(run, slug);
      expectTapStatus(a, slug, 302, `/claim/${slug}`);
      return `302 to /claim/${slug}`;
    },
    async (run) => {
      // Issue #49: the piece first, then an account to claim it (the sign-up comes back here).
      const a = await ask(run, `/claim/${E2E_UNCLAIMED_SAMPLE}`);
      if (a.status !== 200) fail(`expected 200, got ${got(a)}`);
      const signUp = `/auth?mode=signup&amp;redirect=${encodeURIComponent(`/claim/${E2E_UNCLAIMED_SAMPLE}`)}`;
      if (!includes(a.text, signUp)) fail(`the page does not offer 'Create an account to claim' (${signUp})`);
      return "200, the piece and 'Create an account to claim' offered";
    },
    async (run) => {
      const a = await ask(run, `/claim/${E2E_UNCLAIMED_SAMPLE}`, { as: "qa" });
      if (a.status !== 200) fail(`expected 200, got ${got(a)}`);
      if (!includes(a.text, "Claim &amp; Add to My Wardrobe"))
        fail("the page does not offer 'Claim & Add to My Wardrobe'");
      return "200, 'Claim & Add to My Wardrobe' offered";
    },
  ],
  "visitor-card": [
    async (run) => {
      const made = await createQaGarment(run.effects, {
        staff: run.actor,
        slug: run.slug,
        chipSecret: run.env.CHIP_SECRET,
        runId: run.runId,
      });
      if (made.code !== "created") fail(`a garment with the slug ${run.slug} already exists`);
      const a = await ask(run, `/claim/${run.slug}`, { method: "POST", as: "qa", form: {} });
      if (a.status >= 400) fail(`the claim answered ${got(a)}`);
      const garment = await garmentBySlug(run.db, run.slug);
      if (!garment || garment.owner_user_id !== run.qaUserId)
        fail(`${run.slug} is not the QA account's after the claim`);
      run.garmentId = garment?.id ?? null;
      return `${run.slug} made in the QA batch and claimed (${a.status})`;
    },
    async (run) => expectCard(await tap(run, run.slug), run.slug),
    async (run) => {
      const a = await ask(run, `/share/${run.slug}`);
      const name = `${QA_ACCOUNT.firstName} ${QA_ACCOUNT.lastName}`;
      const shown = [name, QA_ACCOUNT.email].filter((v) => includes(a.text, htmlText(v)));
      const phoneShown = includes(a.text, htmlText(QA_ACCOUNT.mobile)) || includes(a.text, "tel:+33100000020");
      if (shown.length < 2 || !phoneShown) {
        fail(
          `the card misses ${[name, QA_ACCOUNT.email, ...(phoneShown ? [] : [QA_ACCOUNT.mobile])].filter((v) => !shown.includes(v)).join(", ")}`,
        );
      }
      return "name, email and mobile shown";
    },
    async (run) => {
      const page = await ask(run, `/share/${run.slug}`);
      const card = await ask(run, `/share/${run.slug}/contact.vcf`);
      if (card.status !== 200 || !card.text.startsWith("BEGIN:VCARD")) fail(`the vCard answered ${got(card)}`);
      for (const [where, text] of [
        ["card", page.text],
        ["vCard", card.text],
      ] as const) {
        for (const hidden of [QA_ACCOUNT.unsharedWebsite, QA_ACCOUNT.unsharedInstagram]) {
          if (includes(text, hidden)) fail(`the ${where} shows ${hidden}, which the owner did not share`);
        }
      }
      return "website and Instagram (not shared) absent from the card and the vCard";
    },
  ],
  "contact-exchange": [
    async (run) => {
      const a = await ask(run, `/share/${run.slug}`, {
        method: "POST",
        form: {
          first_name: run.visitorName,
          last_name: "Visitor",
          email: `${run.visitorName.toLowerCase()}@example.com`,
        },
      });
      // The success carries the visitor's private withdrawal link (issue #33): `&w=<id>.<HMAC>`.
      const back = `/share/${run.slug}?connected=1`;
      const withdraw = /^&w=\d+\.[\w-]{43}$/;
      if (a.status !== 303 || !a.location?.startsWith(back) || !withdraw.test(a.location.slice(back.length))) {
        fail(`expected 303 to ${back}&w=<withdrawal link>, got ${got(a)}`);
      }
      run.successPath = a.location ?? undefined;
      return `303 to ${back} with the withdrawal link`;
    },
    async (run) => {
      const a = await ask(run, run.successPath ?? `/share/${run.slug}?connected=1`);
      if (a.status !== 200 || !includes(a.text, CONTACT_MESSAGES.connected)) {
        fail(`expected 200 with '${CONTACT_MESSAGES.connected}', got ${got(a)}`);
      }
      if (!includes(a.text, "Withdraw my details")) fail("the success screen has no withdrawal link");
      return `'${CONTACT_MESSAGES.connected}' shown, with 'Withdraw my details'`;
    },
    async (run) => {
      const a = await ask(run, `/dashboard/contacts?q=${encodeURIComponent(run.visitorName)}`, { as: "qa" });
      if (a.status !== 200) fail(`the owner's contacts answered ${got(a)}`);
      if (!includes(a.text, run.visitorName)) fail(`${run.visitorName} is not in the owner's contacts`);
      return `${run.visitorName} is in the QA account's contacts`;
    },
  ],
  deactivate: [
    async (run) => setActive(run, false),
    async (run) => {
      const a = await tap(run, run.slug);
      expectTapStatus(a, run.slug, 404);
      return "404 'Invalid garment link'";
    },
    async (run) => setActive(run, true),
    async (run) => expectCard(await tap(run, run.slug), run.slug),
  ],
};

async function setActive(run: Run, active: boolean) {
  if (run.garmentId === null) fail("no test garment to change");
  const a = await ask(run, `/api/admin/garments/${run.garmentId}/status`, {
    method: "POST",
    as: "admin",
    json: { is_active: active },
  });
  if (a.status !== 200) fail(`the admin API answered ${a.status}: ${a.text.slice(0, 200)}`);
  return `${active ? "reactivated" : "deactivated"} (200)`;
}

const SKIPPED_AFTER_FAILURE = "skipped: an earlier step of this scenario failed";
const SKIPPED_NO_GARMENT = "skipped: the test garment was not made and claimed (see 'Visitor tap to a card')";

/** Runs a step with its real duration; never longer than E2E_STEP_TIMEOUT_MS; never throws. */
async function runStep(run: Run, step: Step) {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StepFailure(`no answer within ${E2E_STEP_TIMEOUT_MS / 1000} s`)),
      E2E_STEP_TIMEOUT_MS,
    );
  });
  try {
    const detail = await Promise.race([step(run), timeout]);
    return { result: "passed" as const, detail, ms: Date.now() - started };
  } catch (error) {
    // Anything a step did not expect (a thrown error) is its failure too, with its message.
    const detail = error instanceof StepFailure ? error.message : `error: ${String(error)}`;
    if (!(error instanceof StepFailure)) console.error("[qa-e2e] step error", error);
    return { result: "failed" as const, detail, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Every scenario in order, a step's event the moment it ends; a failed step skips the rest of its scenario. */
async function runScenarios(run: Run, emit: (event: E2eEvent) => Promise<void>) {
  const started = Date.now();
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const scenario of E2E_SCENARIOS) {
    const needsGarment = scenario.id === "contact-exchange" || scenario.id === "deactivate";
    let skipReason: string | null = needsGarment && run.garmentId === null ? SKIPPED_NO_GARMENT : null;
    for (const [index, step] of STEPS[scenario.id].entries()) {
      const outcome = skipReason ? { result: "skipped" as const, detail: skipReason, ms: 0 } : await runStep(run, step);
      if (outcome.result === "failed") skipReason = SKIPPED_AFTER_FAILURE;
      counts[outcome.result] += 1;
      await emit({ type: "step", scenario: scenario.id, step: index, ...outcome });
    }
  }
  return { ...counts, ms: Date.now() - started };
}

/** Removes what the run made (its garment and what reached it, its session, its tap records). */
async function cleanUp(run: Run & { sessionId: string | null }): Promise<E2eEvent> {
  const started = Date.now();
  try {
    const { removed } = await removeQaRun(run.effects, {
      runId: run.runId,
      slug: run.slug,
      probedSlugs: [`${run.slug}-none`],
      userId: run.qaUserId,
      sessionId: run.sessionId,
    });
    return { type: "cleanup", ok: true, removed, ms: Date.now() - started };
  } catch (error) {
    console.error("[qa-e2e] clean-up failed", error);
    return { type: "cleanup", ok: false, detail: `clean-up failed: ${String(error)}`, ms: Date.now() - started };
  }
}

/**
 * Starts a run and answers its stream at once. The run goes on (waitUntil) if the page goes
 * away, so its clean-up always happens; events written to a closed stream are dropped.
 * Takes no body.
 */
e2eRoutes.post("/", async (c) => {
  if (hasBody(c.req.raw.headers)) throw new AppError("bad_request", QA_MESSAGES.e2eTakesNoBody);
  const db = c.get("db");
  const env = c.get("env");
  const admin = c.get("admin");
  const runId = crypto.randomUUID().replaceAll("-", "").slice(0, 10);
  const effects = c.get("effects");
  const { userId: qaUserId } = await ensureQaAccount(effects, { account: QA_ACCOUNT });
  const { cookie, sessionId } = await createSession(db, c.req.raw, qaUserId);
  const run: Run & { sessionId: string | null } = {
    db,
    env,
    effects,
    actor: actorOf(c),
    runId,
    qaUserId,
    origin: c.get("origin"),
    loopback: c.get("loopback"),
    adminUserId: admin.userId,
    adminCookie: c.req.header("Cookie") ?? "",
    qaCookie: cookie.split(";")[0] ?? "",
    slug: `${QA_RUN_SLUG_PREFIX}${runId}`,
    garmentId: null,
    visitorName: `Visitor${runId}`,
    sessionId,
  };

  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  let open = true;
  const emit = async (event: E2eEvent) => {
    if (!open) return;
    try {
      await writer.write(encoder.encode(`${JSON.stringify(event)}\n`));
    } catch {
      open = false;
    }
  };
  const work = (async () => {
    await emit({ type: "start", runId, slug: run.slug });
    let counts = { passed: 0, failed: 0, skipped: 0, ms: 0 };
    try {
      counts = await runScenarios(run, emit);
    } finally {
      await emit(await cleanUp(run));
      await emit({ type: "end", ...counts });
      if (open) await writer.close().catch(() => undefined);
    }
  })();
  c.executionCtx.waitUntil(work);
  return new Response(readable, { headers: { "Content-Type": NDJSON, "Cache-Control": "private, no-store" } });
});
