import { afterEach, describe, expect, it, vi } from "vitest";
import { adminTag, json, stubFetch } from "../../testing/doubles";
import { isLockable, lookupByText, resolveRead, simulatedRead, writtenUid } from "./tag-rules";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("lookupByText", () => {
  it("looks a chip id up as one, whatever its case", () => {
    expect(lookupByText("  RLV-000031 ")).toEqual({ chip_id: "RLV-000031" });
    expect(lookupByText("rlv-31")).toEqual({ chip_id: "rlv-31" });
  });

  it("looks anything else up as a UID, normalized when it is one", () => {
    expect(lookupByText("04:a2:3b:4c:5d:6e:7f")).toEqual({ uid: "04A23B4C5D6E7F" });
    expect(lookupByText("04 A2 3B 4C")).toEqual({ uid: "04A23B4C" });
    expect(lookupByText(" 04:A2 ")).toEqual({ uid: "04:A2" });
  });
});

describe("isLockable", () => {
  it("only a written, working tag", () => {
    expect(isLockable(adminTag())).toBe(true);
    expect(isLockable(adminTag({ status: "released" }))).toBe(true);
    expect(isLockable(adminTag({ programmedAt: null }))).toBe(false);
    for (const status of ["uninitialized", "assigned", "locked", "inactive", "lost", "stolen"] as const) {
      expect(isLockable(adminTag({ status }))).toBe(false);
    }
    expect(isLockable(null)).toBe(false);
  });
});

describe("writtenUid", () => {
  it("reports the chip's serial number when it is a real NXP UID, as read", () => {
    expect(writtenUid("04:a2:3b:4c:5d:6e:7f")).toBe("04:a2:3b:4c:5d:6e:7f");
    expect(writtenUid("04:a2")).toBeNull();
    expect(writtenUid(null)).toBeNull();
  });
});

describe("resolveRead", () => {
  const url = "https://releve.test/t/cg-003";
  const record = (text: string | null) => ({ recordType: "url", mediaType: null, text, byteLength: 0 });

  it("a blank chip is uninitialized, without asking the registry", async () => {
    const sent = stubFetch(() => json({}));
    await expect(resolveRead({ serialNumber: "04A23B4C5D6E7F", records: [] }, "nfc")).resolves.toEqual({
      source: "nfc",
      uid: "04A23B4C5D6E7F",
      records: [],
      state: "uninitialized",
      tag: null,
    });
    expect(sent).toEqual([]);
  });

  it("a tag with one of our links is looked up by it", async () => {
    const tag = adminTag();
    const sent = stubFetch(() => json({ state: "assigned", tag }));
    const read = { serialNumber: "04:a2:3b:4c:5d:6e:7f", records: [record(url)] };
    await expect(resolveRead(read, "nfc")).resolves.toMatchObject({ state: "assigned", tag, source: "nfc" });
    expect(sent.map((r) => r.url)).toEqual([`/api/admin/tags/lookup?slug=${encodeURIComponent(url)}`]);
  });

  it("a tag without our link is looked up by its UID, normalized", async () => {
    const sent = stubFetch(() => json({ state: "Unknown", tag: null }));
    const read = { serialNumber: "04:a2:3b:4c:5d:6e:7f", records: [record("https://elsewhere.test/")] };
    await expect(resolveRead(read, "simulation")).resolves.toMatchObject({ state: "Unknown", tag: null });
    expect(sent.map((r) => r.url)).toEqual(["/api/admin/tags/lookup?uid=04A23B4C5D6E7F"]);
  });

  it("with neither a link nor a UID it is Unknown, without asking", async () => {
    const sent = stubFetch(() => json({}));
    const read = { serialNumber: "not-a-uid", records: [record(null)] };
    await expect(resolveRead(read, "nfc")).resolves.toMatchObject({ state: "Unknown", tag: null, uid: "not-a-uid" });
    expect(sent).toEqual([]);
  });

  it("a failed lookup rejects, for the page to say so", async () => {
    stubFetch(() => json({ error: { code: "x", message: "No tag has this link." } }, 404));
    await expect(resolveRead({ serialNumber: null, records: [record(url)] }, "nfc")).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("simulatedRead", () => {
  it("reads back the simulated tag: its UID and one URL record, counted in UTF-8 bytes", () => {
    expect(simulatedRead("04AABBCCDDEEFF", "https://releve.test/t/é")).toEqual({
      serialNumber: "04AABBCCDDEEFF",
      records: [{ recordType: "url", mediaType: null, text: "https://releve.test/t/é", byteLength: 24 }],
    });
  });
});
