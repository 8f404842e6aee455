import { describe, expect, it } from "vitest";
import { checkSecureTag, encoderRows, UID_PROBLEM, VERSION_PROBLEM } from "./secure-tag";

describe("checkSecureTag", () => {
  it("takes a 7-byte UID with any separators, bare, and a key version as a number", () => {
    expect(checkSecureTag("04:de:5F-1E AC:C0:40", "3")).toEqual({
      uid: "04de5F1EACC040",
      keyVersion: 3,
      problems: { uid: undefined, version: undefined },
    });
  });

  it("refuses a UID of another length or with other characters", () => {
    for (const uid of ["", "04DE5F1E", "04DE5F1EACC04011", "04DE5F1EACC04G"]) {
      expect(checkSecureTag(uid, "1").problems).toEqual({ uid: UID_PROBLEM, version: undefined });
    }
  });

  it("refuses a key version that is not a whole number from 1 to 65535", () => {
    for (const version of ["0", "65536", "1.5", "one", "-1"]) {
      expect(checkSecureTag("04DE5F1EACC040", version).problems.version).toBe(VERSION_PROBLEM);
    }
    expect(checkSecureTag("04DE5F1EACC040", "65535").problems.version).toBeUndefined();
    expect(checkSecureTag("04DE5F1EACC040", "1").problems.version).toBeUndefined();
  });

  it("names both problems at once", () => {
    expect(checkSecureTag("x", "0").problems).toEqual({ uid: UID_PROBLEM, version: VERSION_PROBLEM });
  });
});

describe("encoderRows", () => {
  it("lists what the encoder configures, in its order, with units and the PICC tag in hex", () => {
    const rows = encoderRows({
      urlTemplate: "https://releve.test/t/cg-003?p=00000000000000000000000000000000&m=0000000000000000",
      fileBytes: 256,
      piccDataOffset: 43,
      macInputOffset: 78,
      macOffset: 78,
      piccDataTag: "C7",
      keyVersion: 2,
      fileReadKey: "E",
      metaReadKey: "2",
    });
    expect(rows.map(([label]) => label)).toEqual([
      "URL template",
      "NDEF file",
      "PICC data offset",
      "MAC input offset",
      "MAC offset",
      "PICC data tag",
      "File-read key",
      "Meta-read key",
    ]);
    expect(Object.fromEntries(rows)).toMatchObject({
      "NDEF file": "256 bytes (file 02)",
      "PICC data offset": "43",
      "PICC data tag": "0xC7 (UID and counter mirrored)",
    });
  });
});
