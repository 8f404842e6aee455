import { type FieldProblem, fieldMessages, fieldProblems } from "@releve/core/platform/field-problem";
import { HONEYPOT_FIELD } from "@releve/core/platform/input-limits";
import { CONTACT_MESSAGES } from "@releve/core/sharing/contact";
import { EARLY_ACCESS_MESSAGES, EarlyAccessSchema, isMissingRequired } from "@releve/core/site/early-access";
import type { Effects } from "@releve/verbs/effects";
import { joinEarlyAccess } from "@releve/verbs/site/join-early-access";
import { sayProblem, sayProblems } from "../../lib/field-said";
import { ECHO_MAX, readForm } from "../../lib/form.server";
import { CONTACT_SAID } from "../sharing/said";
import { EARLY_ACCESS_FIELDS, EARLY_ACCESS_SAID } from "./said";

// The list's caps are the verb's (site/join-early-access); the housekeeping keeps their windows.
export {
  EARLY_ACCESS_IP_LIMIT,
  EARLY_ACCESS_NETWORK_DAY_LIMIT,
  EARLY_ACCESS_NETWORK_WINDOW_MS,
  EARLY_ACCESS_WINDOW_MS,
} from "@releve/verbs/site/join-early-access";

type Refusal = "missing" | "duplicate" | "rateLimited" | "networkLimited" | "failed" | "rejected";

export type EarlyAccessOutcome =
  | { ok: true; firstName: string }
  | {
      ok: false;
      status: 400 | 409 | 429 | 503;
      /** Which refusal, for the page to say by code; none for a field's own error (its message). */
      code?: Refusal;
      title?: string;
      message: string;
      fieldErrors?: Record<string, string>;
      /** The fields' problems by rule, and the field whose problem `message` says (no `code` then). */
      problems?: Record<string, FieldProblem>;
      field?: string;
      values: Record<string, string>;
    };

/**
 * The form post behind /get-early-access and the blog's newsletter (which fixes the referral
 * to 'other'): validation with the spec's messages, then the site/join-early-access verb, its
 * outcome said with the spec's messages. Never throws.
 */
export async function submitEarlyAccess(
  effects: Effects,
  form: Record<string, string>,
  ip: string | null,
  opts: { referral?: "other" } = {},
): Promise<EarlyAccessOutcome> {
  const raw = {
    full_name: form.full_name ?? "",
    email: form.email ?? "",
    referral_source: form.referral_source ?? "",
  };
  // What goes back into the form is bounded (every field's own cap is below ECHO_MAX).
  const values = {
    full_name: raw.full_name.slice(0, ECHO_MAX),
    email: raw.email.slice(0, ECHO_MAX),
    referral_source: raw.referral_source.slice(0, ECHO_MAX),
  };
  const parsed = EarlyAccessSchema.safeParse({ ...raw, referral_source: opts.referral ?? raw.referral_source });
  if (!parsed.success) {
    const problems = fieldProblems(parsed.error);
    const field = isMissingRequired(problems)
      ? undefined
      : ["email", "referral_source", "full_name"].find((name) => problems[name] !== undefined);
    return {
      ok: false,
      status: 400,
      ...(field === undefined
        ? { code: "missing", message: EARLY_ACCESS_MESSAGES.missing }
        : { message: problems[field]?.english ?? EARLY_ACCESS_MESSAGES.failed, field }),
      fieldErrors: fieldMessages(parsed.error),
      problems,
      values,
    };
  }
  try {
    const result = await joinEarlyAccess(effects, { entry: parsed.data, ip });
    if (result.code === "joined") return { ok: true, firstName: parsed.data.full_name.split(/\s+/)[0] ?? "" };
    if (result.code === "duplicate")
      return {
        ok: false,
        status: 409,
        code: "duplicate",
        title: EARLY_ACCESS_MESSAGES.duplicateTitle,
        message: EARLY_ACCESS_MESSAGES.duplicate,
        fieldErrors: { email: EARLY_ACCESS_MESSAGES.duplicate },
        values,
      };
    const code = result.code === "network_limited" ? "networkLimited" : "rateLimited";
    return { ok: false, status: 429, code, message: EARLY_ACCESS_MESSAGES[code], values };
  } catch (error) {
    console.error("[early-access]", error);
    return {
      ok: false,
      status: 503,
      code: "failed",
      title: EARLY_ACCESS_MESSAGES.failedTitle,
      message: EARLY_ACCESS_MESSAGES.failed,
      values,
    };
  }
}

/** What each refusal says, by its code (issue #48). */
const SAID: Readonly<Record<Refusal, { title?: () => string; message: () => string }>> = {
  missing: { message: EARLY_ACCESS_SAID.missing },
  duplicate: { title: EARLY_ACCESS_SAID.duplicateTitle, message: EARLY_ACCESS_SAID.duplicate },
  rateLimited: { message: EARLY_ACCESS_SAID.rateLimited },
  networkLimited: { message: EARLY_ACCESS_SAID.networkLimited },
  failed: { title: EARLY_ACCESS_SAID.failedTitle, message: EARLY_ACCESS_SAID.failed },
  rejected: { message: CONTACT_SAID.rejected },
};

/**
 * An outcome as its page shows it: a refusal's title, message and field errors in the reader's
 * language (issue #34), said by its code; submitEarlyAccess itself says the spec's English words.
 */
function localized(outcome: EarlyAccessOutcome): EarlyAccessOutcome {
  if (outcome.ok) return outcome;
  const { problems, field, ...rest } = outcome;
  const said = outcome.code === undefined ? undefined : SAID[outcome.code];
  const problem = field === undefined ? undefined : problems?.[field];
  return {
    ...rest,
    title: said?.title?.(),
    message: said
      ? said.message()
      : problem && field
        ? sayProblem(EARLY_ACCESS_FIELDS[field], problem)
        : EARLY_ACCESS_SAID.failed(),
    fieldErrors:
      outcome.code === "duplicate"
        ? { email: EARLY_ACCESS_SAID.duplicate() }
        : problems && sayProblems(EARLY_ACCESS_FIELDS, problems),
  };
}

/**
 * The action behind both early-access forms: the form read by the one form reader, the
 * honeypot checked with every value sent under its name (nothing stored), then the join. What
 * it says comes back in the reader's language.
 */
export async function earlyAccessAction(
  effects: Effects,
  request: Request,
  opts: { referral?: "other" } = {},
): Promise<EarlyAccessOutcome> {
  return localized(await joinFromForm(effects, request, opts));
}

async function joinFromForm(
  effects: Effects,
  request: Request,
  opts: { referral?: "other" },
): Promise<EarlyAccessOutcome> {
  const form = await readForm(request);
  const fields = form.record();
  if (form.filled(HONEYPOT_FIELD)) {
    return {
      ok: false,
      status: 400,
      code: "rejected",
      message: CONTACT_MESSAGES.rejected,
      values: {
        full_name: form.get("full_name").slice(0, ECHO_MAX),
        email: form.get("email").slice(0, ECHO_MAX),
        referral_source: form.get("referral_source").slice(0, ECHO_MAX),
      },
    };
  }
  return submitEarlyAccess(effects, fields, request.headers.get("CF-Connecting-IP"), opts);
}
