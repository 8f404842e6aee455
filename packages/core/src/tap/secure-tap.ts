import type { SunFailureReason } from "./sun";

/**
 * Secure tags (issue #21): what the tap worker, the queue, the shell and the admin share about a
 * verified NTAG 424 DNA tap. Zod- and jose-free: the tap rules and the admin remote import it;
 * the marker the tap hands the shell is in ./verified-tap.
 */

export const SECURE_TAP_MESSAGES = {
  /** The card's badge after a verified tap. */
  authenticated: "Authenticated · verified tap",
  /** The refusal page: nothing of the owner. */
  refused: "This tag could not be authenticated",
} as const;

/** Why a secure garment's tap was refused and kept as a 'suspect' scan. */
export const SUSPECT_REASONS = [
  "missing_parameters",
  "bad_format",
  "unknown_key_version",
  "bad_picc_data",
  "bad_mac",
  "wrong_tag",
  "replay",
  /** The tap worker holds no SUN keys (SUN_KEYS unset): no secure tap can be verified. */
  "keys_unavailable",
] as const satisfies readonly (SunFailureReason | "keys_unavailable")[];
export type SuspectReason = (typeof SUSPECT_REASONS)[number];

/** What an admin reads for each reason (counterfeit alerts). */
export const SUSPECT_REASON_TEXT: Record<SuspectReason, string> = {
  missing_parameters: "No tag signature in the link (a copied or typed URL, or a plain tag)",
  bad_format: "A malformed tag signature",
  unknown_key_version: "A key version the server does not hold",
  bad_picc_data: "Tag data that does not decrypt (forged or another brand's key)",
  bad_mac: "A signature that does not verify (forged or altered link)",
  wrong_tag: "An authentic tap of another tag than this garment's",
  replay: "A counter already seen: a replayed link",
  keys_unavailable: "The server holds no keys for secure tags",
};

/** A secure garment's tag, in its tap record: its UID (upper-case hex, 7 bytes) and key version. */
export type SecureTag = { uid: string; keyVersion: number };

export const isSecureTag = (v: unknown): v is SecureTag => {
  if (typeof v !== "object" || v === null) return false;
  const { uid, keyVersion } = v as Record<string, unknown>;
  return (
    typeof uid === "string" &&
    /^[0-9A-F]{14}$/.test(uid) &&
    typeof keyVersion === "number" &&
    Number.isSafeInteger(keyVersion) &&
    keyVersion > 0 &&
    keyVersion < 65536
  );
};
