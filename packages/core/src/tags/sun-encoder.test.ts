import { describe, expect, it } from "vitest";
import { decodeNdefMessage, decodeUriPayload, urlNdefMessage } from "./ndef";
import { NTAG424_NDEF_FILE_BYTES, sunEncoderSettings } from "./sun-encoder";

describe("SUN encoder settings (issue #21)", () => {
  it("point at the zeros the tag mirrors into, in the NDEF file as the tag stores it", () => {
    const s = sunEncoderSettings("https://releve.example.com/t/cg-003", 2);
    expect(s.urlTemplate).toBe(`https://releve.example.com/t/cg-003?e=${"0".repeat(32)}&c=${"0".repeat(16)}`);
    const message = urlNdefMessage(s.urlTemplate);
    // The file: NLEN (2 bytes, big-endian) then the message.
    const file = new Uint8Array([message.length >> 8, message.length & 0xff, ...message]);
    expect(file.length).toBe(s.fileBytes);
    expect(s.fileBytes).toBeLessThanOrEqual(NTAG424_NDEF_FILE_BYTES);
    const ascii = (from: number, n: number) => new TextDecoder().decode(file.slice(from, from + n));
    expect(ascii(s.piccDataOffset - 2, 2)).toBe("e=");
    expect(ascii(s.piccDataOffset, 32)).toBe("0".repeat(32));
    expect(ascii(s.macOffset - 3, 3)).toBe("&c=");
    expect(ascii(s.macOffset, 16)).toBe("0".repeat(16));
    expect(s.macOffset + 16).toBe(file.length);
    // No file data: the MAC covers nothing but itself (MAC input offset = MAC offset).
    expect(s.macInputOffset).toBe(s.macOffset);
    expect(s).toMatchObject({ piccDataTag: "C7", keyVersion: 2 });
    // The template still reads as the URL it is.
    const [record] = decodeNdefMessage(message);
    expect(decodeUriPayload(record?.payload ?? new Uint8Array())).toBe(s.urlTemplate);
  });

  it("never carries a key, only how to derive one", () => {
    const s = sunEncoderSettings("https://releve.example.com/t/cg-003", 1);
    const { urlTemplate, ...rest } = s;
    // No 16-byte value anywhere: the template's only long hex runs are its placeholders' zeros.
    expect(JSON.stringify(rest)).not.toMatch(/[0-9a-f]{32}/i);
    expect(urlTemplate.replace(/0{32}|0{16}/g, "")).not.toMatch(/[0-9a-f]{16}/i);
    expect(s.fileReadKey).toContain("AN10922");
  });
});
