/**
 * The /e2e-tests page (issue #20 item 5; spec part 2 §2). The spec's five scenarios with random
 * outcomes become real ones: every step is a real request to the running system (taps as dry
 * runs, so no scan is counted), made as a dedicated QA account, and everything a run creates is
 * removed after it. Zod-free: the page imports it.
 */

/** The dedicated QA account the scenarios run as (a client; made on the first run, kept). */
export const QA_ACCOUNT = {
  email: "qa-e2e@releve.local",
  firstName: "QA",
  lastName: "Runner",
  /** Shared on its card: must appear there. */
  mobile: "+33 1 00 00 00 20",
  /** Not shared: must never appear on its card or in its vCard. */
  unsharedWebsite: "https://qa-unshared.releve.example",
  unsharedInstagram: "qa.unshared.handle",
} as const;

/** A test garment made for one run, claimed by the QA account, removed after: `qa-e2e-<run>`. */
export const QA_RUN_SLUG_PREFIX = "qa-e2e-";
/** The sample the unclaimed-tap scenario taps (the QA reset keeps it unclaimed). */
export const E2E_UNCLAIMED_SAMPLE = "mb-001";
/** No step may hang a run: one that takes longer fails with this reason. */
export const E2E_STEP_TIMEOUT_MS = 10_000;

export const E2E_SCENARIOS = [
  {
    id: "unknown-tap",
    name: "Unknown tag",
    steps: ["Tap a tag no garment has, as a visitor", "The page says 'Invalid garment link'"],
  },
  {
    id: "unclaimed-tap",
    name: "Unclaimed garment to the claim page",
    steps: [
      `Tap ${E2E_UNCLAIMED_SAMPLE} as a visitor`,
      "Signed out, the claim page shows the piece and offers an account to claim it",
      "As the QA account, the claim page offers the claim",
    ],
  },
  {
    id: "visitor-card",
    name: "Visitor tap to a card of shared fields only",
    steps: [
      "Make a test garment and claim it as the QA account",
      "Tap it as a visitor: the card, in one request",
      "The card shows the shared fields",
      "The card and its vCard show no unshared field",
    ],
  },
  {
    id: "contact-exchange",
    name: "Contact exchange reaches the owner",
    steps: [
      "Send the card's contact form as a visitor",
      "The visitor sees 'Successfully Connected!'",
      "The owner finds the contact in their contacts",
    ],
  },
  {
    id: "deactivate",
    name: "Deactivate, tap refused, reactivate",
    steps: [
      "Deactivate the garment (admin)",
      "Tap it as a visitor: refused",
      "Reactivate the garment (admin)",
      "Tap it again: the card is back",
    ],
  },
] as const;

export type E2eScenarioId = (typeof E2E_SCENARIOS)[number]["id"];
export type E2eStepResult = "passed" | "failed" | "skipped";

/** What was removed after a run. */
export type E2eCleanup = { garments: number; contacts: number; sessions: number; rateEvents: number };

/**
 * `POST /api/admin/qa/e2e-run` answers a stream of these, one JSON object per line, as the run
 * goes: a step's result the moment it ends (with its real duration), then the clean-up, then the end.
 */
export type E2eEvent =
  | { type: "start"; runId: string; slug: string }
  | {
      type: "step";
      scenario: E2eScenarioId;
      step: number;
      result: E2eStepResult;
      ms: number;
      /** Why it failed, or what it saw when it passed; why it was skipped. */
      detail: string;
    }
  | { type: "cleanup"; ok: true; removed: E2eCleanup; ms: number }
  | { type: "cleanup"; ok: false; detail: string; ms: number }
  | { type: "end"; passed: number; failed: number; skipped: number; ms: number };

/** The number of steps in all scenarios: the page's progress counts against it. */
export const E2E_STEP_COUNT = E2E_SCENARIOS.reduce((n, s) => n + s.steps.length, 0);
