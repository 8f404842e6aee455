import { fieldErrors } from "@releve/core";
import {
  EARLY_ACCESS_MESSAGES,
  type EarlyAccessInput,
  EarlyAccessSchema,
  isMissingRequired,
} from "@releve/core/early-access";
import type { Db } from "@releve/db";
import { addEarlyAccessEntry } from "@releve/db/early-access";
import { countRateEvents } from "@releve/db/rate-limits";
import { sha256Hex } from "./crypto.server";

// The same D1 sliding window as the share page's contact form (decision 0015): every
// well-formed attempt counts, duplicates too, so the list cannot be probed for addresses.
export const EARLY_ACCESS_WINDOW_MS = 10 * 60 * 1000;
export const EARLY_ACCESS_IP_LIMIT = 10;
const BUCKET = "early_access_ip";

export type JoinResult = "joined" | "duplicate" | "rate_limited";

/**
 * Adds a person to the early-access list (spec part 2 §2, §8). The address is compared
 * lower-cased, so Vera@Example.com and vera@example.com are one entry.
 */
export async function joinEarlyAccess(
  db: Db,
  input: EarlyAccessInput,
  ip: string | null,
  now = Date.now(),
): Promise<JoinResult> {
  const ipKey = ip ? await sha256Hex(`early_access:${ip}`) : null;
  if (ipKey) {
    const [recent] = await countRateEvents(db, { bucket: BUCKET, key: ipKey, since: now - EARLY_ACCESS_WINDOW_MS });
    if ((recent?.n ?? 0) >= EARLY_ACCESS_IP_LIMIT) return "rate_limited";
  }
  const joined = await addEarlyAccessEntry(
    db,
    {
      full_name: input.full_name,
      email: input.email.toLowerCase(),
      referral_source: input.referral_source,
      created_at: new Date(now),
    },
    ipKey ? { bucket: BUCKET, key: ipKey, at: now } : null,
  );
  return joined ? "joined" : "duplicate";
}

export type EarlyAccessOutcome =
  | { ok: true; firstName: string }
  | {
      ok: false;
      status: 400 | 409 | 429 | 503;
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
  const values = {
    full_name: form.full_name ?? "",
    email: form.email ?? "",
    referral_source: form.referral_source ?? "",
  };
  const parsed = EarlyAccessSchema.safeParse({ ...values, referral_source: opts.referral ?? values.referral_source });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return {
      ok: false,
      status: 400,
      message: isMissingRequired(parsed.error)
        ? EARLY_ACCESS_MESSAGES.missing
        : (errors.email ?? errors.referral_source ?? errors.full_name ?? EARLY_ACCESS_MESSAGES.missing),
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
        title: EARLY_ACCESS_MESSAGES.duplicateTitle,
        message: EARLY_ACCESS_MESSAGES.duplicate,
        fieldErrors: { email: EARLY_ACCESS_MESSAGES.duplicate },
        values,
      };
    return { ok: false, status: 429, message: EARLY_ACCESS_MESSAGES.rateLimited, values };
  } catch (error) {
    console.error("[early-access]", error);
    return {
      ok: false,
      status: 503,
      title: EARLY_ACCESS_MESSAGES.failedTitle,
      message: EARLY_ACCESS_MESSAGES.failed,
      values,
    };
  }
}
