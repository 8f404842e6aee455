import { describe, expect, it } from "vitest";
import {
  decodeNdefMessage,
  decodeUriPayload,
  encodeNdefMessage,
  hexDump,
  ndefTlv,
  randomNxpUid,
  TNF,
  toHex,
  uriPayload,
  uriRecord,
  urlNdefMessage,
} from "./ndef";
import { TAG_BYTE_BUDGET } from "./rules";

const bytes = (hex: string) => Uint8Array.from(hex.split(/\s+/).map((h) => Number.parseInt(h, 16)));

describe("urlNdefMessage: one short well-known URI record", () => {
  it("the NFC Forum example: https://www.example.com is D1 01 0C 55 02 'example.com'", () => {
    expect(toHex(urlNdefMessage("https://www.example.com"))).toBe("D1 01 0C 55 02 65 78 61 6D 70 6C 65 2E 63 6F 6D");
  });

  it("a tag's URL: https:// is code 04, the rest is the host and /t/<slug>", () => {
    const message = urlNdefMessage("https://releve.test/t/ja-7qk2m9xdwe");
    expect(message).toEqual(
      bytes("D1 01 1C 55 04 72 65 6C 65 76 65 2E 74 65 73 74 2F 74 2F 6A 61 2D 37 71 6B 32 6D 39 78 64 77 65"),
    );
    // On the chip: the NDEF TLV around it and the terminator.
    expect(toHex(ndefTlv(message).slice(0, 2))).toBe("03 20");
    expect(ndefTlv(message).at(-1)).toBe(0xfe);
    expect(ndefTlv(message)).toHaveLength(message.length + 3);
  });

  it("the longest matching prefix wins; no prefix is code 00", () => {
    expect(uriPayload("http://www.a.b")[0]).toBe(0x01);
    expect(uriPayload("http://a.b")[0]).toBe(0x03);
    expect(uriPayload("tel:+33612345678")[0]).toBe(0x05);
    expect(uriPayload("urn:epc:id:sgtin:1")[0]).toBe(0x1e);
    expect(uriPayload("urn:isbn:1")[0]).toBe(0x13);
    expect(uriPayload("geo:48.85,2.35")).toEqual(bytes("00 67 65 6F 3A 34 38 2E 38 35 2C 32 2E 33 35"));
  });

  it("non-ASCII characters are UTF-8", () => {
    expect(toHex(uriPayload("https://relevé.fr"))).toBe("04 72 65 6C 65 76 C3 A9 2E 66 72");
  });
});

describe("encodeNdefMessage: headers, long records, several records", () => {
  it("a payload of 256 bytes or more drops SR and carries a 4-byte length", () => {
    const message = encodeNdefMessage([{ tnf: TNF.media, type: bytes("61"), payload: new Uint8Array(300) }]);
    expect(toHex(message.slice(0, 7))).toBe("C2 01 00 00 01 2C 61");
    expect(message).toHaveLength(7 + 300);
    // A long message takes the TLV's 3-byte length.
    expect(toHex(ndefTlv(message).slice(0, 4))).toBe("03 FF 01 33");
  });

  it("MB on the first record, ME on the last, IL with an id", () => {
    const message = encodeNdefMessage([
      { tnf: TNF.wellKnown, type: bytes("55"), id: bytes("31"), payload: bytes("04 61") },
      uriRecord("tel:1"),
    ]);
    expect(toHex(message)).toBe("99 01 02 01 55 31 04 61 51 01 02 55 05 31");
    expect(decodeNdefMessage(message)).toEqual([
      { tnf: 1, type: bytes("55"), id: bytes("31"), payload: bytes("04 61") },
      { tnf: 1, type: bytes("55"), payload: bytes("05 31") },
    ]);
  });

  it("an empty message is refused", () => {
    expect(() => encodeNdefMessage([])).toThrow(RangeError);
  });
});

describe("decodeNdefMessage", () => {
  it("round-trips a URL record", () => {
    const url = "https://releve.test/t/sh-0000000000";
    const [record, ...rest] = decodeNdefMessage(urlNdefMessage(url));
    expect(rest).toEqual([]);
    expect(record?.tnf).toBe(TNF.wellKnown);
    expect(decodeUriPayload(record?.payload ?? new Uint8Array())).toBe(url);
  });

  it("refuses truncated bytes, a missing MB or ME and bytes after ME", () => {
    expect(() => decodeNdefMessage(bytes("D1 01 0C 55 02 65"))).toThrow("truncated");
    expect(() => decodeNdefMessage(bytes("51 01 01 55 00"))).toThrow("MB");
    expect(() => decodeNdefMessage(bytes("91 01 01 55 00"))).toThrow("ME");
    expect(() => decodeNdefMessage(bytes("D1 01 01 55 00 00"))).toThrow("Bytes follow the record flagged ME");
  });
});

describe("the byte budget of an NTAG213", () => {
  it("a production tag URL fits with room to spare", () => {
    const tlv = ndefTlv(urlNdefMessage("https://releve.example.com/t/ja-7qk2m9xdwe"));
    expect(tlv.length).toBe(42);
    expect(tlv.length).toBeLessThanOrEqual(TAG_BYTE_BUDGET.NTAG213);
  });
});

describe("hexDump and randomNxpUid", () => {
  it("hexDump: offsets and 8 bytes a line", () => {
    expect(hexDump(bytes("D1 01 0C 55 02 65 78 61 6D 70"))).toEqual(["0000  D1 01 0C 55 02 65 78 61", "0008  6D 70"]);
  });

  it("randomNxpUid: 7 bytes, NXP's 04 first, as Web NFC formats a serial number", () => {
    expect(randomNxpUid(() => bytes("A2 3B 4C 5D 6E 7F"))).toBe("04:a2:3b:4c:5d:6e:7f");
    expect(randomNxpUid()).toMatch(/^04(:[0-9a-f]{2}){6}$/);
  });
});
