import { base64url } from "jose";
import { describe, expect, it } from "vitest";
import { AppError } from "../platform/errors";
import {
  ChipSecretError,
  createSecureChip,
  decryptChipId,
  encryptChipId,
  GARMENT_TYPES,
  type GarmentType,
  generateSecureChipId,
  generateSimpleChipId,
  isChipId,
  normalizeChipId,
  type ParsedChipId,
  parseChipId,
  type RandomSource,
  signChipId,
  toBatchCode,
  verifySignature,
} from "./chip-id";

// Test-only values. The expected strings below were computed independently with node:crypto
// (hkdfSync, createHmac, createCipheriv aes-256-gcm), not with this module.
const SECRET = "test-only-chip-secret-000000000000000000000000";
const OTHER_SECRET = "test-only-chip-secret-111111111111111111111111";
const SEED_CHIP = "RLV-JACKET-B24A-0001-E9AD";
const FIXED_IV = Uint8Array.from({ length: 12 }, (_, i) => i);
const SEED_CHIP_ENCRYPTED = "AAECAwQFBgcICQoLAcMSylqnb977Mde6EWeevC3AhqJ3Qz9wVc8Gb56snRhFzPJ_LBK3XQU";

/** Hands out the given bytes in order, then fails loudly. */
function fixedRandom(...chunks: number[][]): RandomSource {
  const queue = [...chunks];
  return (length) => {
    const next = queue.shift();
    if (!next || next.length !== length) throw new Error(`unexpected random request of ${length} bytes`);
    return Uint8Array.from(next);
  };
}

describe("fixed vectors", () => {
  it("signs a chip id with the exact 16-character HMAC code", async () => {
    expect(await signChipId(SECRET, SEED_CHIP)).toBe("2400GF43ECATFA3R");
    expect(await signChipId(SECRET, "RLV-12-345-7QK2M9XD")).toBe("MNTBK1ZQECPVZWQQ");
  });

  it("encrypts a chip id under a given IV to the exact ciphertext", async () => {
    expect(await encryptChipId(SECRET, SEED_CHIP, fixedRandom([...FIXED_IV]))).toBe(SEED_CHIP_ENCRYPTED);
    expect(await decryptChipId(SECRET, SEED_CHIP_ENCRYPTED)).toBe(SEED_CHIP);
  });

  it("generates the random part in Crockford base 32", () => {
    const chip = generateSecureChipId(
      { garmentType: "Jacket", batch: "B24A", serial: 1 },
      fixedRandom([0xde, 0xad, 0xbe, 0xef, 0x01]),
    );
    expect(chip).toBe("RLV-JACKET-B24A-0001-VTPVXVR1");
    expect(generateSimpleChipId({ profileId: 12, garmentId: 345 }, fixedRandom([0, 0, 0, 0, 0]))).toBe(
      "RLV-12-345-00000000",
    );
    expect(
      generateSecureChipId(
        { garmentType: "Accessories", batch: "AW26", serial: 12345 },
        fixedRandom([255, 255, 255, 255, 255]),
      ),
    ).toBe("RLV-ACCESSORIES-AW26-12345-ZZZZZZZZ");
  });
});

describe("signature", () => {
  it("verifies its own signature and refuses every altered one", async () => {
    const sig = await signChipId(SECRET, SEED_CHIP);
    expect(await verifySignature(SECRET, SEED_CHIP, sig)).toBe(true);
    for (let i = 0; i < sig.length; i++) {
      const altered = `${sig.slice(0, i)}${sig[i] === "0" ? "1" : "0"}${sig.slice(i + 1)}`;
      expect(await verifySignature(SECRET, SEED_CHIP, altered)).toBe(false);
    }
    expect(await verifySignature(SECRET, SEED_CHIP, sig.toLowerCase().replace(/\d/g, "a"))).toBe(false);
    expect(await verifySignature(SECRET, SEED_CHIP, sig.slice(0, 15))).toBe(false);
    expect(await verifySignature(SECRET, SEED_CHIP, `${sig}0`)).toBe(false);
    expect(await verifySignature(SECRET, SEED_CHIP, "")).toBe(false);
  });

  it("is bound to the chip id and the key", async () => {
    const sig = await signChipId(SECRET, SEED_CHIP);
    expect(await verifySignature(SECRET, "RLV-JACKET-B24A-0001-E9AE", sig)).toBe(false);
    expect(await verifySignature(OTHER_SECRET, SEED_CHIP, sig)).toBe(false);
    expect(await signChipId(OTHER_SECRET, SEED_CHIP)).not.toBe(sig);
    expect(await verifySignature(SECRET, "NOT-OURS-1-2-3", sig)).toBe(false);
  });

  it("refuses to sign what is not a chip id of ours", async () => {
    await expect(signChipId(SECRET, "rlv-jacket-b24a-0001-e9ad")).rejects.toBeInstanceOf(AppError);
    await expect(signChipId(SECRET, "XYZ-1-2-3")).rejects.toMatchObject({ code: "bad_request" });
  });
});

describe("encrypted id", () => {
  it("round-trips under a fresh IV each time", async () => {
    const chips = [SEED_CHIP, "RLV-12-345-7QK2M9XD", "RLV-ACCESSORIES-ABCDEFGHJKMNPQRS-9999999999-ZZZZZZZZZZZZZZZZ"];
    for (const chip of chips) {
      const a = await encryptChipId(SECRET, chip);
      const b = await encryptChipId(SECRET, chip);
      expect(a).not.toBe(b);
      expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(await decryptChipId(SECRET, a)).toBe(chip);
      expect(await decryptChipId(SECRET, b)).toBe(chip);
    }
  });

  it("refuses a change to any byte", async () => {
    const bytes = base64url.decode(SEED_CHIP_ENCRYPTED);
    for (let i = 0; i < bytes.length; i++) {
      const tampered = bytes.slice();
      tampered[i] = (tampered[i] ?? 0) ^ 0x01;
      expect(await decryptChipId(SECRET, base64url.encode(tampered))).toBeNull();
    }
  });

  it("refuses a truncated, extended, re-encoded or foreign ciphertext", async () => {
    const bytes = base64url.decode(SEED_CHIP_ENCRYPTED);
    const cases = [
      base64url.encode(bytes.subarray(0, bytes.length - 1)),
      base64url.encode(bytes.subarray(0, 28)),
      base64url.encode(Uint8Array.from([...bytes, 0])),
      // Same bytes, non-canonical last character (its unused low bits set).
      `${SEED_CHIP_ENCRYPTED.slice(0, -1)}V`,
      `${SEED_CHIP_ENCRYPTED}=`,
      SEED_CHIP_ENCRYPTED.replaceAll("_", "/"),
      "",
      "not base64url!",
      "A".repeat(10_000),
    ];
    for (const c of cases) expect(await decryptChipId(SECRET, c)).toBeNull();
  });

  it("refuses a ciphertext made with another key", async () => {
    expect(await decryptChipId(OTHER_SECRET, SEED_CHIP_ENCRYPTED)).toBeNull();
    expect(await decryptChipId(SECRET, await encryptChipId(OTHER_SECRET, SEED_CHIP))).toBeNull();
  });

  it("creates a secure chip whose parts all check out", async () => {
    const chip = await createSecureChip(SECRET, { garmentType: "Dress", batch: "B24A", serial: 42 });
    expect(parseChipId(chip.chipId)).toMatchObject({
      kind: "secure",
      garmentType: "Dress",
      batch: "B24A",
      serial: "0042",
    });
    expect(chip.signature).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(await verifySignature(SECRET, chip.chipId, chip.signature)).toBe(true);
    expect(await decryptChipId(SECRET, chip.encryptedChipId)).toBe(chip.chipId);
  });
});

describe("the secret", () => {
  it.each([undefined, "", "x".repeat(31)])("refuses a missing or short secret (%s)", async (secret) => {
    const s = secret as string;
    await expect(signChipId(s, SEED_CHIP)).rejects.toBeInstanceOf(ChipSecretError);
    await expect(verifySignature(s, SEED_CHIP, "2400GF43ECATFA3R")).rejects.toBeInstanceOf(ChipSecretError);
    await expect(encryptChipId(s, SEED_CHIP)).rejects.toThrow(/CHIP_SECRET is missing or shorter than 32/);
    await expect(decryptChipId(s, SEED_CHIP_ENCRYPTED)).rejects.toBeInstanceOf(ChipSecretError);
  });
});

describe("parseChipId", () => {
  const secure = (garmentType: GarmentType, batch: string, serial: string, random: string) => ({
    kind: "secure" as const,
    garmentType,
    batch,
    serial,
    random,
  });
  const table: [string, Partial<ParsedChipId>][] = [
    [SEED_CHIP, secure("Jacket", "B24A", "0001", "E9AD")],
    ["RLV-ACCESSORIES-B24A-0009-0A41", secure("Accessories", "B24A", "0009", "0A41")],
    ["RLV-SHIRT-AW26-011-0000", secure("Shirt", "AW26", "011", "0000")],
    ["RLV-HAT-1-1-ABCD", secure("Hat", "1", "1", "ABCD")],
    ["RLV-12-345-7QK2M9XD", { kind: "simple", profile: "12", parts: ["345", "7QK2M9XD"] }],
    ["RLV-7-A-B-C-D", { kind: "simple", profile: "7", parts: ["A", "B", "C", "D"] }],
    ["", { kind: "invalid", reason: "empty" }],
    ["   ", { kind: "invalid", reason: "empty" }],
    ["3799d0a5-9786-4cdd-8e51-e75bd3e69738", { kind: "foreign" }],
    ["NTAG-12-345-678", { kind: "foreign" }],
    ["RLVJACKET-B24A-0001-E9AD", { kind: "foreign" }],
    ["RLV", { kind: "foreign" }],
    ["XRLV-JACKET-B24A-0001-E9AD", { kind: "foreign" }],
    ["rlv-jacket-b24a-0001-e9ad", { kind: "invalid", reason: "lowercase" }],
    ["RLV-Jacket-B24A-0001-E9AD", { kind: "invalid", reason: "lowercase" }],
    [" RLV-JACKET-B24A-0001-E9AD", { kind: "invalid", reason: "bad-character" }],
    ["RLV-JACKET-B24A-0001-E9AD\n", { kind: "invalid", reason: "bad-character" }],
    ["RLV-JACKET_B24A-0001-E9AD", { kind: "invalid", reason: "bad-character" }],
    ["RLV-JACKÉT-B24A-0001-E9AD", { kind: "invalid", reason: "bad-character" }],
    ["RLV-ＪACKET-B24A-0001-E9AD", { kind: "invalid", reason: "bad-character" }],
    ["RLV-SHİRT-B24A-0001-E9AD", { kind: "invalid", reason: "bad-character" }],
    ["RLV-12-3", { kind: "invalid", reason: "too-few-parts" }],
    ["RLV-DEMO-1", { kind: "invalid", reason: "too-few-parts" }],
    ["RLV-JACKET-B24A-0001", { kind: "invalid", reason: "too-few-parts" }],
    ["RLV-JACKET-B24A-0001-E9AD-X", { kind: "invalid", reason: "too-many-parts" }],
    ["RLV-", { kind: "invalid", reason: "empty-part" }],
    ["RLV--1-2-3", { kind: "invalid", reason: "empty-part" }],
    ["RLV-12-345-", { kind: "invalid", reason: "empty-part" }],
    ["RLV-JACKET-B24A--E9AD", { kind: "invalid", reason: "empty-part" }],
    [`RLV-12-${"A".repeat(60)}-B`, { kind: "invalid", reason: "too-long" }],
    [`RLV-${"X".repeat(100)}`, { kind: "invalid", reason: "too-long" }],
    ["RLV-COAT-B24A-0001-E9AD", { kind: "invalid", reason: "bad-type-or-profile" }],
    ["RLV-012-345-678", { kind: "invalid", reason: "bad-type-or-profile" }],
    ["RLV-0-345-678", { kind: "invalid", reason: "bad-type-or-profile" }],
    ["RLV-JACKET-B24AB24AB24AB24AX-0001-E9AD", { kind: "invalid", reason: "bad-batch" }],
    ["RLV-JACKET-B24A-00A1-E9AD", { kind: "invalid", reason: "bad-serial" }],
    ["RLV-JACKET-B24A-12345678901-E9AD", { kind: "invalid", reason: "bad-serial" }],
    ["RLV-JACKET-B24A-0001-E9O0", { kind: "invalid", reason: "bad-random" }],
    ["RLV-JACKET-B24A-0001-E9A", { kind: "invalid", reason: "bad-random" }],
    ["RLV-BAG-B1-1-ILUO", { kind: "invalid", reason: "bad-random" }],
  ];

  it.each(table)("%j", (raw, expected) => {
    const parsed = parseChipId(raw);
    expect(parsed).toMatchObject(expected);
    expect(isChipId(raw)).toBe(expected.kind === "simple" || expected.kind === "secure");
    if (parsed.kind === "simple" || parsed.kind === "secure") expect(parsed.chipId).toBe(raw);
  });

  it("holds the length limit exactly", () => {
    const at64 = `RLV-12-${"A".repeat(64 - 9)}-B`;
    expect(at64).toHaveLength(64);
    expect(parseChipId(at64).kind).toBe("simple");
    expect(parseChipId(`${at64}C`)).toEqual({ kind: "invalid", reason: "too-long" });
  });

  it("parses every generated id back to what made it", () => {
    const seen = new Set<string>();
    for (let serial = 1; serial <= 200; serial++) {
      const garmentType = GARMENT_TYPES[serial % GARMENT_TYPES.length] ?? "Shirt";
      const chip = generateSecureChipId({ garmentType, batch: "B7", serial });
      expect(parseChipId(chip)).toMatchObject({
        kind: "secure",
        garmentType,
        batch: "B7",
        serial: String(serial).padStart(4, "0"),
      });
      seen.add(chip.split("-")[4] ?? "");
      const simple = generateSimpleChipId({ profileId: serial, garmentId: 999_999_999_999 });
      expect(parseChipId(simple)).toMatchObject({ kind: "simple", profile: String(serial) });
    }
    expect(seen.size).toBe(200);
  });
});

describe("generation refuses what it cannot encode", () => {
  it.each([
    [{ garmentType: "Coat", batch: "B1", serial: 1 }, /Unknown garment type/],
    [{ garmentType: "Jacket", batch: "b1", serial: 1 }, /batch code/],
    [{ garmentType: "Jacket", batch: "", serial: 1 }, /batch code/],
    [{ garmentType: "Jacket", batch: "B-1", serial: 1 }, /batch code/],
    [{ garmentType: "Jacket", batch: "B1", serial: 0 }, /serial/],
    [{ garmentType: "Jacket", batch: "B1", serial: 1.5 }, /serial/],
    [{ garmentType: "Jacket", batch: "B1", serial: 10_000_000_000 }, /serial/],
  ])("secure %j", (input, message) => {
    expect(() => generateSecureChipId(input as never)).toThrow(message);
    expect(() => generateSecureChipId(input as never)).toThrow(AppError);
  });

  it.each([
    { profileId: 0, garmentId: 1 },
    { profileId: 1, garmentId: -1 },
    { profileId: 1, garmentId: Number.NaN },
    { profileId: 1_000_000_000_000, garmentId: 1 },
  ])("simple %j", (input) => {
    expect(() => generateSimpleChipId(input)).toThrow(AppError);
  });
});

describe("normalizeChipId and toBatchCode", () => {
  it("uppercases ASCII letters and trims, nothing else", () => {
    expect(normalizeChipId("  rlv-jacket-b24a-0001-e9ad\n")).toBe(SEED_CHIP);
    expect(isChipId(normalizeChipId("rlv-jacket-b24a-0001-e9ad"))).toBe(true);
    // Dotless ı uppercases to I and ß to SS in Unicode: a lookalike must stay refused.
    expect(normalizeChipId("rlv-shırt-b1-1-abcd")).toBe("RLV-SHıRT-B1-1-ABCD");
    expect(isChipId(normalizeChipId("rlv-shırt-b1-1-abcd"))).toBe(false);
    expect(normalizeChipId("rlv-12-ß-1")).toBe("RLV-12-ß-1");
  });

  it("makes a batch code from a batch name", () => {
    expect(toBatchCode("Autumn/Winter 2026")).toBe("AUTUMNWINTER2026");
    expect(toBatchCode("b24a")).toBe("B24A");
    expect(toBatchCode("A very long batch name indeed")).toBe("AVERYLONGBATCHNA");
    expect(toBatchCode("été – ü")).toBe("T");
    expect(toBatchCode(" -- ")).toBeNull();
  });
});
