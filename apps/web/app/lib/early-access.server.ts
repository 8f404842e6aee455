import { fieldErrors } from "@releve/core";
import {
  EARLY_ACCESS_MESSAGES,
  type EarlyAccessInput,
  EarlyAccessSchema,
  isMissingRequired,
} from "@releve/core/early-access";
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
  db: D1Database,
  input: EarlyAccessInput,
  ip: string | null,
  now = Date.now(),
): Promise<JoinResult> {
  const ipKey = ip ? await sha256Hex(`early_access:${ip}`) : null;
  if (ipKey) {
    const recent = await db
      .prepare("SELECT count(*) AS n FROM rate_events WHERE bucket = ?1 AND key = ?2 AND created_at > ?3")
      .bind(BUCKET, ipKey, now - EARLY_ACCESS_WINDOW_MS)
      .first<{ n: number }>();
    if ((recent?.n ?? 0) >= EARLY_ACCESS_IP_LIMIT) return "rate_limited";
  }
  const insert = db
    .prepare(
      `INSERT INTO early_access_entries (full_name, email, referral_source, created_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
    )
    .bind(input.full_name, input.email.toLowerCase(), input.referral_source, now);
  const count = ipKey
    ? [db.prepare("INSERT INTO rate_events (bucket, key, created_at) VALUES (?1, ?2, ?3)").bind(BUCKET, ipKey, now)]
    : [];
  const [inserted] = await db.batch<{ id: number }>([insert, ...count]);
  return inserted?.results.length ? "joined" : "duplicate";
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
  db: D1Database,
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
