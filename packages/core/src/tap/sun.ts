import { cbc, cmac, ecb } from "@noble/ciphers/aes.js";
import { bytesToHex, equalBytes, hexToBytes } from "@noble/ciphers/utils.js";

/**
 * NTAG 424 DNA "Secure Unique NFC" (SUN) verification, AES mode (issue #21; NXP AN12196;
 * reference backend nfc-developer/sdm-backend `libsdm/sdm.py`). Each tap of a secure tag yields
 * a URL carrying the encrypted PICC data (UID and read counter), optionally encrypted file data,
 * and a truncated AES-CMAC; only a tag holding the keys can produce the next valid one.
 *
 * Pure and synchronous (noble's AES; WebCrypto has no ECB or CMAC), so it runs in the tap
 * worker before any I/O. Kept free of zod and jose: the tap worker bundles it.
 *
 * Keys (docs/decisions/0034): every key version has one SDM meta-read key, shared by all tags of
 * that version (it decrypts the PICC data, so it cannot depend on the UID inside it), and a
 * master key from which each tag's SDM file-read key is diversified (NXP AN10922, AES-128,
 * diversification input UID || "RELEVE-SUN-FILE-READ"). A tag records its key version.
 */

const SUN_KEY_LENGTH = 16;
const SUN_UID_LENGTH = 7;
/** The largest read counter a tag can report (3 bytes). */
export const SUN_MAX_COUNTER = 0xffffff;
/** PICCDataTag for "UID mirrored, counter mirrored, UID length 7": the only layout we accept. */
const SUN_PICC_DATA_TAG = 0xc7;
/** Largest encrypted file data mirror we read, in bytes (the NDEF file is 256 bytes). */
const SUN_MAX_FILE_DATA_LENGTH = 256;
/** AN10922 system identifier appended to the UID to diversify the file-read key. */
const SUN_DIVERSIFICATION_SYSTEM_ID = "RELEVE-SUN-FILE-READ";

/** Query parameter names a tag's URL may use (AN12196 uses both spellings). */
export const SUN_PARAMS = { piccData: ["e", "picc_data"], mac: ["c", "cmac"], fileData: ["enc"] } as const;

export type SunFailureReason =
  /** No PICC data or no MAC in the URL. */
  | "missing_parameters"
  /** A parameter is repeated, or not hex of the right length. */
  | "bad_format"
  /** The tag's key version is not among the configured keys. */
  | "unknown_key_version"
  /** The PICC data does not decrypt to the 0xC7 layout: forged, altered, or another key. */
  | "bad_picc_data"
  /** The MAC does not match: forged or altered URL, or a tag with other keys. */
  | "bad_mac"
  /** An authentic tap of another tag than the one expected (e.g. another slug's tag). */
  | "wrong_tag"
  /** An authentic tap whose counter is at or below the last one seen: a replayed URL. */
  | "replay";

/** After the MAC has verified, a failure still names the (authentic) tag and counter. */
export type SunResult =
  | { ok: true; uid: string; counter: number; fileData?: Uint8Array }
  | { ok: false; reason: "wrong_tag" | "replay"; uid: string; counter: number }
  | { ok: false; reason: Exclude<SunFailureReason, "wrong_tag" | "replay"> };

/** One key version, as kept in a Worker secret (never in D1 or KV). */
export type SunKeyVersion = {
  version: number;
  /** SDM meta-read key (16 bytes), shared by every tag of this version. */
  metaReadKey: Uint8Array;
  /** Master key (16 bytes) the tags' SDM file-read keys are diversified from. */
  fileReadMasterKey: Uint8Array;
};

/** The parts of a tap URL the tag wrote, validated. */
export type SunMessage = {
  piccData: Uint8Array;
  mac: Uint8Array;
  fileData?: Uint8Array;
  /** The URL text between the MAC input offset and the MAC (empty without file data). */
  macInput: Uint8Array;
};

const HEX = /^[0-9A-Fa-f]*$/;
const ZERO_IV = new Uint8Array(16);
const SV_ENC = [0xc3, 0x3c, 0x00, 0x01, 0x00, 0x80];
const SV_MAC = [0x3c, 0xc3, 0x00, 0x01, 0x00, 0x80];
const ascii = new TextEncoder();

const assertKey = (key: Uint8Array, name: string): void => {
  if (!(key instanceof Uint8Array) || key.length !== SUN_KEY_LENGTH) {
    throw new Error(`${name} must be ${SUN_KEY_LENGTH} bytes`);
  }
};

/** The raw value of a query parameter with its position, or null; "dup" when it appears twice. */
type RawParam = { value: string; start: number } | null | "dup";

const findParam = (query: string, names: readonly string[]): RawParam => {
  let found: RawParam = null;
  let pos = 0;
  for (const part of query.split("&")) {
    const eq = part.indexOf("=");
    const name = eq < 0 ? part : part.slice(0, eq);
    if (names.includes(name)) {
      if (found !== null) return "dup";
      found = eq < 0 ? { value: "", start: pos + part.length } : { value: part.slice(eq + 1), start: pos + eq + 1 };
    }
    pos += part.length + 1;
  }
  return found;
};

const hexOfLength = (value: string, bytes: number): Uint8Array | null =>
  value.length === bytes * 2 && HEX.test(value) ? hexToBytes(value) : null;

/**
 * Reads a tap's raw query (`new URL(request.url).search`, leading "?" optional; it must not be
 * decoded: the MAC covers the text itself). `e`/`picc_data` = PICC data (16 bytes hex),
 * `c`/`cmac` = MAC (8 bytes hex), optional `enc` = encrypted file data (16·n bytes hex). With
 * `enc`, the MAC input is the text from the start of its value to the start of the MAC's value
 * (the encoder settings we publish put the MAC input offset there); without, it is empty.
 */
export const parseSunQuery = (
  rawQuery: string,
): { ok: true; message: SunMessage } | { ok: false; reason: "missing_parameters" | "bad_format" } => {
  const query = rawQuery.startsWith("?") ? rawQuery.slice(1) : rawQuery;
  const picc = findParam(query, SUN_PARAMS.piccData);
  const mac = findParam(query, SUN_PARAMS.mac);
  const enc = findParam(query, SUN_PARAMS.fileData);
  if (picc === "dup" || mac === "dup" || enc === "dup") return { ok: false, reason: "bad_format" };
  if (picc === null || mac === null || picc.value === "" || mac.value === "") {
    return { ok: false, reason: "missing_parameters" };
  }
  const piccData = hexOfLength(picc.value, 16);
  const macBytes = hexOfLength(mac.value, 8);
  if (piccData === null || macBytes === null) return { ok: false, reason: "bad_format" };
  if (enc === null) return { ok: true, message: { piccData, mac: macBytes, macInput: new Uint8Array(0) } };
  const encLength = enc.value.length / 2;
  if (encLength === 0 || encLength % 16 !== 0 || encLength > SUN_MAX_FILE_DATA_LENGTH || enc.start > mac.start) {
    return { ok: false, reason: "bad_format" };
  }
  const fileData = hexOfLength(enc.value, encLength);
  if (fileData === null) return { ok: false, reason: "bad_format" };
  return {
    ok: true,
    message: { piccData, mac: macBytes, fileData, macInput: ascii.encode(query.slice(enc.start, mac.start)) },
  };
};

/** Decrypts PICC data (AES-128-CBC, zero IV, no padding) with the meta-read key. */
export const decryptPiccData = (
  metaReadKey: Uint8Array,
  piccData: Uint8Array,
): { uid: Uint8Array; counter: number } | null => {
  assertKey(metaReadKey, "SDM meta-read key");
  if (piccData.length !== 16) return null;
  const plain = cbc(metaReadKey, ZERO_IV, { disablePadding: true }).decrypt(piccData);
  if (plain[0] !== SUN_PICC_DATA_TAG) return null;
  const uid = plain.slice(1, 1 + SUN_UID_LENGTH);
  // SDMReadCtr: 3 bytes, least significant first.
  const counter = (plain[8] ?? 0) | ((plain[9] ?? 0) << 8) | ((plain[10] ?? 0) << 16);
  return { uid, counter };
};

const counterBytes = (counter: number): number[] => [counter & 0xff, (counter >> 8) & 0xff, (counter >> 16) & 0xff];

const sessionVector = (prefix: number[], uid: Uint8Array, counter: number): Uint8Array =>
  Uint8Array.from([...prefix, ...uid, ...counterBytes(counter)]);

/** Session keys (AN12196 §3.3): CMAC(file-read key, SV) with SV = prefix || UID || ctr (LSB first). */
export const sunSessionKeys = (
  fileReadKey: Uint8Array,
  uid: Uint8Array,
  counter: number,
): { macKey: Uint8Array; encKey: Uint8Array } => {
  assertKey(fileReadKey, "SDM file-read key");
  return {
    macKey: cmac(sessionVector(SV_MAC, uid, counter), fileReadKey),
    encKey: cmac(sessionVector(SV_ENC, uid, counter), fileReadKey),
  };
};

/** SDMMAC: CMAC(session MAC key, MAC input), keeping bytes 1, 3, 5 … 15. */
export const sunMac = (fileReadKey: Uint8Array, uid: Uint8Array, counter: number, macInput: Uint8Array): Uint8Array => {
  const full = cmac(macInput, sunSessionKeys(fileReadKey, uid, counter).macKey);
  return full.filter((_, i) => i % 2 === 1);
};

/**
 * Decrypts SDMENCFileData: AES-128-CBC with the session ENC key and
 * IV = AES-ECB(session ENC key, ctr (3 bytes LSB first) || 13 zero bytes), as the reference
 * backend does (AN12196 names the meta-read key there; the tags use the session key).
 */
const decryptSunFileData = (
  fileReadKey: Uint8Array,
  uid: Uint8Array,
  counter: number,
  fileData: Uint8Array,
): Uint8Array => {
  const { encKey } = sunSessionKeys(fileReadKey, uid, counter);
  const ivInput = new Uint8Array(16);
  ivInput.set(counterBytes(counter));
  const iv = ecb(encKey, { disablePadding: true }).encrypt(ivInput);
  return cbc(encKey, iv, { disablePadding: true }).decrypt(fileData);
};

/**
 * NXP AN10922 §2.2 AES-128 key diversification: CMAC(master, 0x01 || M) where the input is
 * padded to 32 bytes. For 16 ≤ |M| ≤ 31 that is exactly the standard CMAC of 0x01 || M (two
 * blocks; an incomplete last block gets 0x80 0x00… padding and subkey K2, a complete one K1),
 * so noble's `cmac` computes it; shorter inputs would need AN10922's own padding and are refused.
 */
export const diversifyAn10922 = (masterKey: Uint8Array, input: Uint8Array): Uint8Array => {
  assertKey(masterKey, "Master key");
  if (input.length < 16 || input.length > 31) throw new Error("AN10922 diversification input must be 16-31 bytes");
  const data = new Uint8Array(1 + input.length);
  data[0] = 0x01;
  data.set(input, 1);
  return cmac(data, masterKey);
};

/** A tag's SDM file-read key: AN10922 with M = UID (7 bytes) || ASCII "RELEVE-SUN-FILE-READ". */
export const sunFileReadKey = (masterKey: Uint8Array, uid: Uint8Array): Uint8Array => {
  if (uid.length !== SUN_UID_LENGTH) throw new Error(`UID must be ${SUN_UID_LENGTH} bytes`);
  const input = new Uint8Array(SUN_UID_LENGTH + SUN_DIVERSIFICATION_SYSTEM_ID.length);
  input.set(uid);
  input.set(ascii.encode(SUN_DIVERSIFICATION_SYSTEM_ID), SUN_UID_LENGTH);
  return diversifyAn10922(masterKey, input);
};

export type SunCheck = {
  /** The UID (hex, any case) of the tag this URL's slug belongs to. */
  expectedUid?: string;
  /** The last counter accepted for this tag; a counter at or below it is a replay. */
  lastCounter?: number;
};

/**
 * Verifies a parsed SUN message: decrypt the PICC data, check the MAC (constant time), then the
 * expected UID and the counter, then decrypt the file data. `fileReadKeyFor` gives the tag's
 * file-read key from its UID (diversified in production; fixed in the published vectors).
 */
export const verifySunMessage = (
  message: SunMessage,
  keys: { metaReadKey: Uint8Array; fileReadKeyFor: (uid: Uint8Array) => Uint8Array },
  check: SunCheck = {},
): SunResult => {
  const picc = decryptPiccData(keys.metaReadKey, message.piccData);
  if (picc === null) return { ok: false, reason: "bad_picc_data" };
  const fileReadKey = keys.fileReadKeyFor(picc.uid);
  const expected = sunMac(fileReadKey, picc.uid, picc.counter, message.macInput);
  if (message.mac.length !== expected.length || !equalBytes(expected, message.mac)) {
    return { ok: false, reason: "bad_mac" };
  }
  const uid = bytesToHex(picc.uid).toUpperCase();
  const counter = picc.counter;
  if (check.expectedUid !== undefined && check.expectedUid.toUpperCase() !== uid) {
    return { ok: false, reason: "wrong_tag", uid, counter };
  }
  if (check.lastCounter !== undefined && counter <= check.lastCounter) {
    return { ok: false, reason: "replay", uid, counter };
  }
  if (message.fileData === undefined) return { ok: true, uid, counter };
  return { ok: true, uid, counter, fileData: decryptSunFileData(fileReadKey, picc.uid, counter, message.fileData) };
};

/**
 * Verifies a secure tag's tap. `query` is the raw query of the tap URL; `keyVersion` the tag's
 * key version (its tap record says which), picked from `keys`. No I/O: the caller then
 * records the counter (atomically, per tag) and refuses the tap on any failure.
 */
export const verifySunTap = (
  input: { query: string; keys: readonly SunKeyVersion[]; keyVersion: number } & SunCheck,
): SunResult => {
  const parsed = parseSunQuery(input.query);
  if (!parsed.ok) return parsed;
  const key = input.keys.find((k) => k.version === input.keyVersion);
  if (key === undefined) return { ok: false, reason: "unknown_key_version" };
  return verifySunMessage(
    parsed.message,
    { metaReadKey: key.metaReadKey, fileReadKeyFor: (uid) => sunFileReadKey(key.fileReadMasterKey, uid) },
    { expectedUid: input.expectedUid, lastCounter: input.lastCounter },
  );
};

/**
 * Reads the key versions from their Worker secret: JSON
 * `[{ "version": 1, "metaReadKey": "<32 hex>", "fileReadMasterKey": "<32 hex>" }, …]`.
 * Throws on a malformed secret (a deployment error, never a visitor's).
 */
export const parseSunKeys = (secret: string): SunKeyVersion[] => {
  const fail = (why: string): never => {
    throw new Error(`SUN keys secret: ${why}`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(secret);
  } catch {
    return fail("not JSON");
  }
  if (!Array.isArray(raw) || raw.length === 0) return fail("expected a non-empty array");
  const seen = new Set<number>();
  return raw.map((entry: unknown, i): SunKeyVersion => {
    if (typeof entry !== "object" || entry === null) return fail(`entry ${i} is not an object`);
    const { version, metaReadKey, fileReadMasterKey } = entry as Record<string, unknown>;
    if (typeof version !== "number" || !Number.isSafeInteger(version) || version < 1) {
      return fail(`entry ${i}: version must be a positive integer`);
    }
    if (seen.has(version)) return fail(`version ${version} appears twice`);
    seen.add(version);
    const key = (value: unknown, name: string): Uint8Array =>
      (typeof value === "string" ? hexOfLength(value, SUN_KEY_LENGTH) : null) ??
      fail(`version ${version}: ${name} must be ${SUN_KEY_LENGTH * 2} hex characters`);
    return {
      version,
      metaReadKey: key(metaReadKey, "metaReadKey"),
      fileReadMasterKey: key(fileReadMasterKey, "fileReadMasterKey"),
    };
  });
};
