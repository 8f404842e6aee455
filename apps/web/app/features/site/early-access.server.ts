import { fieldErrors } from "@releve/core";
import { HONEYPOT_FIELD } from "@releve/core/platform/input-limits";
import { CONTACT_MESSAGES } from "@releve/core/sharing/contact";
import {
  EARLY_ACCESS_MESSAGES,
  type EarlyAccessInput,
  EarlyAccessSchema,
  isMissingRequired,
} from "@releve/core/site/early-access";
import { senderNetwork, senderPrefix } from "@releve/core/tap/sender-network";
import type { Db } from "@releve/db";
import { takeLimits } from "@releve/db/platform/rate-limits";
import { addEarlyAccessEntry } from "@releve/db/site/commands";
import { ECHO_MAX, readForm } from "../../lib/form.server";
import { localizeErrors, localizeMessage } from "../../lib/localize.server";
import { CONTACT_SAID } from "../sharing/said";
import { EARLY_ACCESS_SAID } from "./said";

// The same D1 sliding window as the share page's contact form (decisions 0015, 0031): every
// well-formed attempt counts, duplicates too, so the list cannot be probed for addresses; a
// sender is an IPv4 address or an IPv6 /64.
export const EARLY_ACCESS_WINDOW_MS = 10 * 60 * 1000;
export const EARLY_ACCESS_IP_LIMIT = 10;
const BUCKET = "early_access_ip";
// And a day's cap per wider network, an IPv4 /24 or an IPv6 /48 (decision 0057), so a sender
// holding a block cannot fill the list by walking its addresses. High enough for a show's guests
// behind one venue's Wi-Fi or a carrier's NAT.
export const EARLY_ACCESS_NETWORK_WINDOW_MS = 24 * 60 * 60 * 1000;
export const EARLY_ACCESS_NETWORK_DAY_LIMIT = 200;
const NETWORK_BUCKET = "early_access_net";

type JoinResult = "joined" | "duplicate" | "rate_limited" | "network_limited";

/**
 * Adds a person to the early-access list (spec part 2 §2, §8). The address is compared
 * lower-cased, so Vera@Example.com and vera@example.com are one entry.
 */
async function joinEarlyAccess(
  db: Db,
  input: EarlyAccessInput,
  ip: string | null,
  now = Date.now(),
): Promise<JoinResult> {
  const limits = [
    { bucket: BUCKET, value: senderNetwork(ip), limit: EARLY_ACCESS_IP_LIMIT, windowMs: EARLY_ACCESS_WINDOW_MS },
    {
      bucket: NETWORK_BUCKET,
      value: senderPrefix(ip),
      limit: EARLY_ACCESS_NETWORK_DAY_LIMIT,
      windowMs: EARLY_ACCESS_NETWORK_WINDOW_MS,
    },
  ];
  const full = await takeLimits(db, limits, now);
  if (full) return full === NETWORK_BUCKET ? "network_limited" : "rate_limited";
  const joined = await addEarlyAccessEntry(db, {
    full_name: input.full_name,
    email: input.email.toLowerCase(),
    referral_source: input.referral_source,
    created_at: new Date(now),
  });
  return joined ? "joined" : "duplicate";
}

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
      values: Record<string, string>;
    };

/**
 * The form post behind /get-early-access and the blog's newsletter (which fixes the referral
 * to 'other'): validation with the spec's messages, then the insert. Never throws.
 */
export async function submitEarlyAccess(
  db: Db,
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
    const errors = fieldErrors(parsed.error);
    const field = isMissingRequired(parsed.error)
      ? undefined
      : (errors.email ?? errors.referral_source ?? errors.full_name);
    return {
      ok: false,
      status: 400,
      ...(field === undefined ? { code: "missing", message: EARLY_ACCESS_MESSAGES.missing } : { message: field }),
      fieldErrors: errors,
      values,
    };
  }
  try {
    const result = await joinEarlyAccess(db, parsed.data, ip);
    if (result === "joined") return { ok: true, firstName: parsed.data.full_name.split(/\s+/)[0] ?? "" };
    if (result === "duplicate")
      return {
        ok: false,
        status: 409,
        code: "duplicate",
        title: EARLY_ACCESS_MESSAGES.duplicateTitle,
        message: EARLY_ACCESS_MESSAGES.duplicate,
        fieldErrors: { email: EARLY_ACCESS_MESSAGES.duplicate },
        values,
      };
    const code = result === "network_limited" ? "networkLimited" : "rateLimited";
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
  const said = outcome.code === undefined ? undefined : SAID[outcome.code];
  return {
    ...outcome,
    title: said?.title?.(),
    message: said ? said.message() : localizeMessage(outcome.message),
    fieldErrors:
      outcome.code === "duplicate"
        ? { email: EARLY_ACCESS_SAID.duplicate() }
        : outcome.fieldErrors && localizeErrors(outcome.fieldErrors),
  };
}

/**
 * The action behind both early-access forms: the form read by the one form reader, the
 * honeypot checked with every value sent under its name (nothing stored), then the join. What
 * it says comes back in the reader's language.
 */
export async function earlyAccessAction(
  db: Db,
  request: Request,
  opts: { referral?: "other" } = {},
): Promise<EarlyAccessOutcome> {
  return localized(await joinFromForm(db, request, opts));
}

async function joinFromForm(db: Db, request: Request, opts: { referral?: "other" }): Promise<EarlyAccessOutcome> {
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
  return submitEarlyAccess(db, fields, request.headers.get("CF-Connecting-IP"), opts);
}
