import { describe, expect, it } from "vitest";
import { AUDIT_VALUE_MAX, type AuditLine, auditLines, humanizeField } from "./audit-changes";

/** Each line as the activity log reads it. */
const read = (lines: AuditLine[]) =>
  lines.map(({ label, before, after }) =>
    before && after ? `${label}: ${before.text} → ${after.text}` : `${label}: ${(after ?? before)?.text}`,
  );

describe("auditLines (issue #35)", () => {
  it("reads a new row's fields by their labels: 'Type: Jacket', 'Count: 1'", () => {
    const lines = auditLines(null, {
      count: 1,
      garment_type: "Jacket",
      tag_type: "NTAG213",
      pool: false,
      product_id: null,
    });
    expect(read(lines)).toEqual([
      "Count: 1",
      "Type: Jacket",
      "Tag type: NTAG213",
      "Pre-encoded pool: No",
      "Product: —",
    ]);
    expect(lines.every((l) => l.before === null)).toBe(true);
  });

  it("shows an update's changed fields only, old and new", () => {
    const before = { status: "active", uid: "04A1B2C3D4E5F6", owner_user_id: "u-1", garment_status: "claimed" };
    const after = { status: "released", reason: "Sold on", owner_user_id: null, garment_status: "unclaimed" };
    expect(read(auditLines(before, after))).toEqual([
      "Status: active → released",
      "Reason: Sold on",
      "Owner (user id): u-1 → —",
      "Garment status: claimed → unclaimed",
    ]);
    expect(auditLines({ is_active: true }, { is_active: true })).toEqual([]);
  });

  it("lists a removed row's fields", () => {
    expect(read(auditLines({ caption: "Autumn", is_active: true, display_order: 2 }, null))).toEqual([
      "Caption: Autumn",
      "Active: Yes",
      "Display order: 2",
    ]);
  });

  it("humanises unknown fields and flattens nested objects readably", () => {
    expect(humanizeField("sun_key_version")).toBe("Sun key version");
    expect(humanizeField("deviceInfo")).toBe("Device info");
    const lines = auditLines(null, {
      care: { washing: "wash-30", drying: "line-dry" },
      composition: [
        { fibre: "wool", percent: 80 },
        { fibre: "silk", percent: 20 },
      ],
      recycled_percent: 30,
      deviceInfo: { model: { name: "Pixel", build: { os: "Android", v: 15 } } },
      created: ["09520000000011", "09520000000028"],
    });
    expect(read(lines)).toEqual([
      "Care › Washing: wash-30",
      "Care › Drying: line-dry",
      "Composition: 80% wool, 20% silk",
      "Recycled: 30%",
      "Device info › Model › Name: Pixel",
      "Device info › Model › Build: Os: Android, V: 15",
      "Created: 09520000000011, 09520000000028",
    ]);
    for (const line of read(lines)) expect(line).not.toMatch(/[{}"]/);
  });

  it("reads times as UTC dates and keeps ids as written", () => {
    const at = Date.UTC(2026, 2, 3, 14, 5);
    expect(read(auditLines({ programmed_at: null }, { programmed_at: at, owner_profile_id: 12345 }))).toEqual([
      "Programmed: — → 3 Mar 2026, 14:05 UTC",
      "Owner profile: 12345",
    ]);
  });

  it("cuts a long value, keeping its full text", () => {
    const long = `${"A long reason. ".repeat(10)}End`;
    const [line] = auditLines(null, { reason: long });
    expect(line?.after?.text.length).toBeLessThanOrEqual(AUDIT_VALUE_MAX);
    expect(line?.after?.text.endsWith("…")).toBe(true);
    expect(line?.after?.full).toBe(long);
    expect(auditLines(null, { reason: "Short" })[0]?.after).toEqual({ text: "Short", full: null });
  });

  it("reads a side that is not an object as one value", () => {
    expect(read(auditLines(null, "reset"))).toEqual(["Value: reset"]);
    expect(auditLines(null, null)).toEqual([]);
  });
});
