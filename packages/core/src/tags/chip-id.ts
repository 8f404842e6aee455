import { base64url } from "jose";
import { z } from "zod";
import { AppError } from "../platform/errors";
import { CHIP_PREFIX, GARMENT_TYPES, type GarmentType } from "./rules";

export { CHIP_PREFIX, GARMENT_TYPES, type GarmentType };

/**
 * The chip-id codec (spec part 2 §3, issue #18). A chip id is `RLV-` then uppercase A-Z0-9
 * parts joined by hyphens, in one of two forms:
 * - simple: `RLV-<profile>-<garment parts>`, at least 4 parts, e.g. `RLV-12-345-7QK2M9XD`
 *   (profile and garment ids in decimal, then a random part);
 * - secure: `RLV-<TYPE>-<BATCH>-<SERIAL>-<RANDOM>`, exactly 5 parts (the spec's minimum; ours
 *   has no more), e.g. `RLV-JACKET-B24A-0001-E9AD`.
 * The second part tells them apart: a garment type code is letters only, a profile id digits
 * only. A chip not starting with `RLV-` is not ours ("foreign"). Every generated part uses the
 * Crockford base-32 alphabet where it is random, so nothing reads as I/1 or O/0.
 *
 * The signature (16 characters) and the encrypted id need the server's CHIP_SECRET: call them
 * on the server only. Keys come from the secret with HKDF, one per purpose.
 */
const MAX_CHIP_ID_LENGTH = 64;
const CHIP_SIGNATURE_LENGTH = 16;
const CHIP_SECRET_MIN_LENGTH = 32;

/** The code each garment type has in a secure chip id. */
const GarmentTypeSchema = z.enum(GARMENT_TYPES);
const TYPE_BY_CODE = new Map<string, GarmentType>(GARMENT_TYPES.map((t) => [t.toUpperCase(), t]));
const garmentTypeCode = (type: GarmentType): string => type.toUpperCase();

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const RANDOM_PART_LENGTH = 8;
const PROFILE = /^[1-9][0-9]{0,11}$/;
const BATCH = /^[A-Z0-9]{1,16}$/;
const SERIAL = /^[0-9]{1,10}$/;
const RANDOM = /^[0-9A-HJKMNP-TV-Z]{4,16}$/;

type ChipIdProblem =
  | "empty"
  | "too-long"
  | "bad-character"
  | "lowercase"
  | "empty-part"
  | "too-few-parts"
  | "too-many-parts"
  | "bad-type-or-profile"
  | "bad-batch"
  | "bad-serial"
  | "bad-random";

export type ParsedChipId =
  | { kind: "simple"; chipId: string; profile: string; parts: string[] }
  | {
      kind: "secure";
      chipId: string;
      garmentType: GarmentType;
      batch: string;
      serial: string;
      random: string;
    }
  | { kind: "foreign" }
  | { kind: "invalid"; reason: ChipIdProblem };

/**
 * What a chip id is. Strict: only the canonical form (uppercase, no spaces) is ours; pass what
 * a person typed through `normalizeChipId` first.
 */
export function parseChipId(raw: string): ParsedChipId {
  if (raw.trim() === "") return { kind: "invalid", reason: "empty" };
  if (!/^RLV-/i.test(raw.trim())) return { kind: "foreign" };
  if (raw.length > MAX_CHIP_ID_LENGTH) return { kind: "invalid", reason: "too-long" };
  if (/[^A-Za-z0-9-]/.test(raw)) return { kind: "invalid", reason: "bad-character" };
  if (/[a-z]/.test(raw)) return { kind: "invalid", reason: "lowercase" };
  const parts = raw.split("-");
  if (parts.some((p) => p === "")) return { kind: "invalid", reason: "empty-part" };
  if (parts.length < 4) return { kind: "invalid", reason: "too-few-parts" };
  const second = parts[1] as string;
  const garmentType = TYPE_BY_CODE.get(second);
  if (garmentType) {
    if (parts.length < 5) return { kind: "invalid", reason: "too-few-parts" };
    if (parts.length > 5) return { kind: "invalid", reason: "too-many-parts" };
    const [, , batch = "", serial = "", random = ""] = parts;
    if (!BATCH.test(batch)) return { kind: "invalid", reason: "bad-batch" };
    if (!SERIAL.test(serial)) return { kind: "invalid", reason: "bad-serial" };
    if (!RANDOM.test(random)) return { kind: "invalid", reason: "bad-random" };
    return { kind: "secure", chipId: raw, garmentType, batch, serial, random };
  }
  if (!PROFILE.test(second)) return { kind: "invalid", reason: "bad-type-or-profile" };
  return { kind: "simple", chipId: raw, profile: second, parts: parts.slice(2) };
}

/** True for a well-formed chip id of ours, in either form. */
export function isChipId(raw: string): boolean {
  const kind = parseChipId(raw).kind;
  return kind === "simple" || kind === "secure";
}

/** What a person typed or a tag held, in canonical form: trimmed, ASCII letters uppercased (only ASCII: `ı` must not become `I`). */
export const normalizeChipId = (raw: string): string => raw.trim().replace(/[a-z]+/g, (s) => s.toUpperCase());

/** A batch name as a chip-id batch code: ASCII letters and digits, uppercased, at most 16; null when nothing is left. */
export function toBatchCode(name: string): string | null {
  const code = normalizeChipId(name)
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 16);
  return code === "" ? null : code;
}

/** The code a batch's chips carry: its name as a batch code (toBatchCode), else `B<id>`; `DIRECT` for a tag in no batch. */
export const batchCode = (batch: { id: number; batch_name: string } | null): string =>
  batch ? (toBatchCode(batch.batch_name) ?? `B${batch.id}`) : "DIRECT";

/** Fills `length` random bytes; tests inject a fixed source. */
export type RandomSource = (length: number) => Uint8Array<ArrayBuffer>;
const cryptoRandom: RandomSource = (length) => crypto.getRandomValues(new Uint8Array(length));

/** Crockford base 32, most significant bit first; the last character is zero-padded. */
function crockford(bytes: Uint8Array, length: number): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += CROCKFORD[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0 && out.length < length) out += CROCKFORD[(buffer << (5 - bits)) & 31];
  return out;
}

const randomPart = (random: RandomSource) =>
  crockford(random(Math.ceil((RANDOM_PART_LENGTH * 5) / 8)), RANDOM_PART_LENGTH);

function checked(chipId: string): string {
  const parsed = parseChipId(chipId);
  if (parsed.kind === "simple" || parsed.kind === "secure") return chipId;
  throw new AppError("bad_request", `Not a valid chip id (${parsed.kind === "invalid" ? parsed.reason : "foreign"})`);
}

export interface SecureChipInput {
  garmentType: GarmentType;
  /** A batch code (`toBatchCode`): 1-16 of A-Z0-9. */
  batch: string;
  /** The tag's number within its batch, from 1; written with at least 4 digits. */
  serial: number;
}

/** `RLV-<TYPE>-<BATCH>-<SERIAL>-<RANDOM>`; throws a 400 AppError on input it cannot encode. */
export function generateSecureChipId(input: SecureChipInput, random: RandomSource = cryptoRandom): string {
  const type = GarmentTypeSchema.safeParse(input.garmentType);
  if (!type.success) throw new AppError("bad_request", `Unknown garment type: ${String(input.garmentType)}`);
  if (!BATCH.test(input.batch)) throw new AppError("bad_request", "A batch code is 1 to 16 of A-Z and 0-9");
  if (!Number.isSafeInteger(input.serial) || input.serial < 1 || input.serial > 9_999_999_999) {
    throw new AppError("bad_request", "A serial is a whole number from 1 to 9999999999");
  }
  const serial = String(input.serial).padStart(4, "0");
  return checked([CHIP_PREFIX, garmentTypeCode(type.data), input.batch, serial, randomPart(random)].join("-"));
}

/** `RLV-<profileId>-<garmentId>-<RANDOM>`; throws a 400 AppError on ids it cannot encode. */
export function generateSimpleChipId(
  input: { profileId: number; garmentId: number },
  random: RandomSource = cryptoRandom,
): string {
  for (const [name, id] of [
    ["profile", input.profileId],
    ["garment", input.garmentId],
  ] as const) {
    if (!Number.isSafeInteger(id) || id < 1 || id > 999_999_999_999) {
      throw new AppError("bad_request", `A ${name} id is a whole number from 1 to 999999999999`);
    }
  }
  return checked([CHIP_PREFIX, input.profileId, input.garmentId, randomPart(random)].join("-"));
}

/** A missing or short CHIP_SECRET: a deployment mistake, never papered over with a default. */
export class ChipSecretError extends Error {
  constructor() {
    super(`CHIP_SECRET is missing or shorter than ${CHIP_SECRET_MIN_LENGTH} characters (see .dev.vars.example)`);
    this.name = "ChipSecretError";
  }
}

const encoder = new TextEncoder();
const HKDF_SALT = encoder.encode("releve/chip-id");
const MAC_INFO = encoder.encode("releve/chip-id/signature/v1");
const ENC_INFO = encoder.encode("releve/chip-id/encryption/v1");
// Binds a ciphertext to this use: the same key could never be fed one made for anything else.
const AAD = encoder.encode("releve/chip-id/v1");
const IV_LENGTH = 12;
const TAG_LENGTH = 16;

interface ChipKeys {
  mac: CryptoKey;
  enc: CryptoKey;
}
const keyCache = new Map<string, Promise<ChipKeys>>();

async function deriveKeys(secret: string): Promise<ChipKeys> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  const hkdf = (info: Uint8Array) => ({ name: "HKDF", hash: "SHA-256", salt: HKDF_SALT, info });
  const [mac, enc] = await Promise.all([
    crypto.subtle.deriveKey(hkdf(MAC_INFO), base, { name: "HMAC", hash: "SHA-256", length: 256 }, false, ["sign"]),
    crypto.subtle.deriveKey(hkdf(ENC_INFO), base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]),
  ]);
  return { mac, enc };
}

function chipKeys(secret: string | undefined | null): Promise<ChipKeys> {
  if (typeof secret !== "string" || secret.length < CHIP_SECRET_MIN_LENGTH) throw new ChipSecretError();
  let keys = keyCache.get(secret);
  if (!keys) {
    keys = deriveKeys(secret);
    keyCache.set(secret, keys);
  }
  return keys;
}

/** The 16-character signature of a chip id: HMAC-SHA-256, first 80 bits in Crockford base 32. */
export async function signChipId(secret: string, chipId: string): Promise<string> {
  const { mac } = await chipKeys(secret);
  const digest = new Uint8Array(await crypto.subtle.sign("HMAC", mac, encoder.encode(checked(chipId))));
  return crockford(digest.subarray(0, 10), CHIP_SIGNATURE_LENGTH);
}

/** Whether `signature` is this chip id's, compared in constant time. False for anything malformed. */
export async function verifySignature(secret: string, chipId: string, signature: string): Promise<boolean> {
  if (!isChipId(chipId) || typeof signature !== "string" || signature.length !== CHIP_SIGNATURE_LENGTH) return false;
  const expected = await signChipId(secret, chipId);
  let diff = 0;
  for (let i = 0; i < CHIP_SIGNATURE_LENGTH; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return diff === 0;
}

/** AES-256-GCM of the chip id under a fresh 96-bit IV: base64url(IV || ciphertext || tag). */
export async function encryptChipId(
  secret: string,
  chipId: string,
  random: RandomSource = cryptoRandom,
): Promise<string> {
  const { enc } = await chipKeys(secret);
  const iv = random(IV_LENGTH);
  if (iv.length !== IV_LENGTH) throw new Error(`The random source gave ${iv.length} bytes, not ${IV_LENGTH}`);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: AAD, tagLength: TAG_LENGTH * 8 },
      enc,
      encoder.encode(checked(chipId)),
    ),
  );
  const out = new Uint8Array(IV_LENGTH + sealed.length);
  out.set(iv);
  out.set(sealed, IV_LENGTH);
  return base64url.encode(out);
}

// IV + tag + the longest chip id, in base64url.
const MAX_ENCRYPTED_LENGTH = Math.ceil(((IV_LENGTH + TAG_LENGTH + MAX_CHIP_ID_LENGTH) * 4) / 3);

/**
 * The chip id inside an encrypted id, or null for anything tampered with, truncated, made with
 * another key or not ours. Throws only for a missing CHIP_SECRET.
 */
export async function decryptChipId(secret: string, encrypted: string): Promise<string | null> {
  const keys = await chipKeys(secret);
  if (typeof encrypted !== "string" || encrypted.length > MAX_ENCRYPTED_LENGTH || !/^[A-Za-z0-9_-]+$/.test(encrypted)) {
    return null;
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(base64url.decode(encrypted));
  } catch {
    return null;
  }
  // A base64url string that is not the canonical encoding of its bytes was altered.
  if (bytes.length <= IV_LENGTH + TAG_LENGTH || base64url.encode(bytes) !== encrypted) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.subarray(0, IV_LENGTH), additionalData: AAD, tagLength: TAG_LENGTH * 8 },
      keys.enc,
      bytes.subarray(IV_LENGTH),
    );
    const chipId = new TextDecoder("utf-8", { fatal: true }).decode(plain);
    return isChipId(chipId) ? chipId : null;
  } catch {
    return null;
  }
}

export interface SecureChip {
  chipId: string;
  signature: string;
  encryptedChipId: string;
}

/** A new secure chip id with its signature and encrypted id (spec part 2 §7), for an `nfc_tags` row. */
export async function createSecureChip(
  secret: string,
  input: SecureChipInput,
  random: RandomSource = cryptoRandom,
): Promise<SecureChip> {
  const chipId = generateSecureChipId(input, random);
  const [signature, encryptedChipId] = await Promise.all([
    signChipId(secret, chipId),
    encryptChipId(secret, chipId, random),
  ]);
  return { chipId, signature, encryptedChipId };
}
