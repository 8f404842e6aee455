import { describe, expect, it } from "vitest";
import { isValidSlug } from "../tap/slug";
import {
  newGarmentSlug,
  nextTagStatus,
  normalizeUid,
  restoredStatus,
  TAG_ACTIONS,
  TAG_STATUSES,
  type TagLifecycleState,
  tagsCsvFileName,
  writeRefusal,
} from "./rules";

const tag = (over: Partial<TagLifecycleState> = {}): TagLifecycleState => ({
  status: "active",
  programmed: true,
  locked: false,
  owned: true,
  ...over,
});

describe("nextTagStatus: the registry's lifecycle", () => {
  it("deactivates anything not already inactive", () => {
    for (const status of TAG_STATUSES) {
      const next = nextTagStatus(tag({ status }), "deactivate");
      expect(next).toEqual(
        status === "inactive"
          ? { ok: false, message: "This tag is already inactive." }
          : { ok: true, status: "inactive" },
      );
    }
  });

  it("reactivates only inactive, lost or stolen tags, to what the chip can still do", () => {
    for (const status of ["inactive", "lost", "stolen"] as const) {
      expect(nextTagStatus(tag({ status }), "reactivate")).toEqual({ ok: true, status: "active" });
      expect(nextTagStatus(tag({ status, locked: true }), "reactivate")).toEqual({ ok: true, status: "locked" });
      expect(nextTagStatus(tag({ status, programmed: false }), "reactivate")).toEqual({
        ok: true,
        status: "uninitialized",
      });
    }
    for (const status of ["active", "locked", "released", "uninitialized", "assigned"] as const) {
      expect(nextTagStatus(tag({ status }), "reactivate").ok).toBe(false);
    }
    expect(restoredStatus({ programmed: false, locked: true })).toBe("locked");
  });

  it("reports lost or stolen from any other state, never twice the same", () => {
    expect(nextTagStatus(tag(), "report_lost")).toEqual({ ok: true, status: "lost" });
    expect(nextTagStatus(tag({ status: "lost" }), "report_stolen")).toEqual({ ok: true, status: "stolen" });
    expect(nextTagStatus(tag({ status: "stolen" }), "report_stolen")).toEqual({
      ok: false,
      message: "This tag is already reported stolen.",
    });
  });

  it("releases only a tag whose garment has an owner", () => {
    expect(nextTagStatus(tag({ status: "stolen" }), "release")).toEqual({ ok: true, status: "released" });
    expect(nextTagStatus(tag({ owned: false }), "release")).toEqual({
      ok: false,
      message: "This tag's garment has no owner to release.",
    });
  });

  it("answers every action for every status", () => {
    for (const status of TAG_STATUSES)
      for (const action of TAG_ACTIONS) expect(nextTagStatus(tag({ status }), action)).toHaveProperty("ok");
  });
});

describe("writeRefusal", () => {
  it("refuses locked, missing and deliberately deactivated tags; a failed write may be retried", () => {
    expect(writeRefusal({ status: "locked", writeFailed: false })).toMatch(/locked/);
    expect(writeRefusal({ status: "stolen", writeFailed: false })).toBe("This tag is reported stolen.");
    expect(writeRefusal({ status: "inactive", writeFailed: false })).toBe(
      "This tag is deactivated: reactivate it first.",
    );
    for (const status of ["uninitialized", "assigned", "active", "released"] as const) {
      expect(writeRefusal({ status, writeFailed: false })).toBeNull();
    }
    expect(writeRefusal({ status: "inactive", writeFailed: true })).toBeNull();
  });
});

describe("normalizeUid", () => {
  it("reads Web NFC's and encoders' forms as one", () => {
    expect(normalizeUid("04:a2:3b:4c:5d:6e:7f")).toBe("04A23B4C5D6E7F");
    expect(normalizeUid(" 04-A2-3B-4C ")).toBe("04A23B4C");
    expect(normalizeUid("04A23B4C5D6E7F8091A2")).toBe("04A23B4C5D6E7F8091A2");
  });

  it("refuses anything that is not 4, 7 or 10 bytes of hex", () => {
    for (const bad of ["", "04A2", "04A23B4C5D", "04A23B4C5D6E7G", "zz:11", "04A23B4C5D6E7F00"])
      expect(normalizeUid(bad)).toBeNull();
  });
});

describe("newGarmentSlug", () => {
  it("is the type's two letters and 10 Crockford characters, a valid slug", () => {
    const fixed = (n: number) => new Uint8Array(n).map((_, i) => i * 7);
    expect(newGarmentSlug("Jacket", fixed)).toBe("ja-07enw3ahrz");
    const slugs = new Set(Array.from({ length: 1000 }, () => newGarmentSlug("Accessories")));
    expect(slugs.size).toBe(1000);
    for (const slug of slugs) {
      expect(isValidSlug(slug)).toBe(true);
      expect(slug).toMatch(/^ac-[0-9a-hjkmnp-tv-z]{10}$/);
    }
  });
});

it("names the programmer's export with the product prefix and the date", () => {
  expect(tagsCsvFileName(new Date("2026-10-05T23:59:00Z"))).toBe("RLV_2026-10-05.csv");
});
