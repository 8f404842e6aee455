import { createHmac } from "node:crypto";
import { cbc, cmac, ecb } from "@noble/ciphers/aes.js";
import { describe, expect, it } from "vitest";
import {
  decryptPiccData,
  diversifyAn10922,
  parseSunKeys,
  parseSunQuery,
  type SunKeyVersion,
  type SunMessage,
  sunFileReadKey,
  sunMac,
  sunSessionKeys,
  verifySunMessage,
  verifySunTap,
} from "./sun";

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, "hex"));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString("hex").toUpperCase();
const text = (b: Uint8Array | undefined): string => new TextDecoder().decode(b);
const ZERO = new Uint8Array(16);
const zeroKeys = { metaReadKey: ZERO, fileReadKeyFor: () => ZERO };

const parsed = (query: string): SunMessage => {
  const p = parseSunQuery(query);
  if (!p.ok) throw new Error(`unparsable: ${p.reason}`);
  return p.message;
};

describe("NXP AN12196 vectors", () => {
  it("p.10 table 2: session keys", () => {
    const keys = sunSessionKeys(hex("5ACE7E50AB65D5D51FD5BF5A16B8205B"), hex("04C767F2066180"), 1);
    expect(toHex(keys.encKey)).toBe("66DA61797E23DECA5D8ECA13BBADF7A9");
    expect(toHex(keys.macKey)).toBe("3A3E8110E05311F7A3FCF0D969BF2B48");
  });

  it("p.12: ?e=…&c=… decrypts to UID 04DE5F1EACC040, counter 61, and its MAC verifies", () => {
    const picc = decryptPiccData(ZERO, hex("EF963FF7828658A599F3041510671E88"));
    expect(picc && toHex(picc.uid)).toBe("04DE5F1EACC040");
    expect(picc?.counter).toBe(61);
    expect(toHex(sunSessionKeys(ZERO, hex("04DE5F1EACC040"), 61).macKey)).toBe("3FB5F6E3A807A03D5E3570ACE393776F");
    const message = parsed("?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086");
    expect(message.macInput).toHaveLength(0);
    expect(verifySunMessage(message, zeroKeys)).toEqual({ ok: true, uid: "04DE5F1EACC040", counter: 61 });
  });

  it("p.13 table 4: encrypted file data decrypts to 16 × 'x' (via pylibsdm test_parse_uri_enc_data)", () => {
    const result = verifySunMessage(
      parsed(
        new URL(
          "https://my424dna.com/?picc_data=FDE4AFA99B5C820A2C1BB0F1C792D0EB&enc=94592FDE69FA06E8E3B6CA686A22842B&cmac=C48B89C17A233B2C",
        ).search,
      ),
      zeroKeys,
    );
    expect(result).toMatchObject({ ok: true, uid: "04958CAA5C5E80", counter: 1 });
    expect(result.ok && text(result.fileData)).toBe("xxxxxxxxxxxxxxxx");
  });

  it("p.18: picc_data + enc + cmac over 'CEE9…8962&cmac=' -> UID 04958CAA5C5E80, counter 8, file data", () => {
    const message = parsed(
      "?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6",
    );
    // pylibsdm test_cmac_input_from_uri: the MAC input is the text between the offsets.
    expect(text(message.macInput)).toBe("CEE9A53E3E463EF1F459635736738962&cmac=");
    const result = verifySunMessage(message, zeroKeys);
    expect(result).toMatchObject({ ok: true, uid: "04958CAA5C5E80", counter: 8 });
    expect(result.ok && text(result.fileData)).toBe("xxxxxxxxxxxxxxxx");
  });

  it("p.18 with cmac=3CC1E7F6C6C33B33 must fail", () => {
    const message = parsed(
      "?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=3CC1E7F6C6C33B33",
    );
    expect(verifySunMessage(message, zeroKeys)).toEqual({ ok: false, reason: "bad_mac" });
  });
});

describe("nfc-developer/sdm-backend vectors (tests/test_libsdm.py, README.md)", () => {
  it("test_sun3_custom: custom keys, MAC input = the enc hex alone (SDMMAC_PARAM empty)", () => {
    const message: SunMessage = {
      piccData: hex("8ACADDEF0A9B62CDAE39A16B83FC14DE"),
      mac: hex("238B2543A8DEBAD8"),
      fileData: hex("B8436E11F627BB7F543FCC0C1E0D1A89"),
      macInput: new TextEncoder().encode("B8436E11F627BB7F543FCC0C1E0D1A89"),
    };
    const keys = {
      metaReadKey: hex("42aff114f2cb3b6141be6dc95dfc5416"),
      fileReadKeyFor: () => hex("b62a9baf092439bd43c62aee96b970c5"),
    };
    const result = verifySunMessage(message, keys);
    expect(result).toMatchObject({ ok: true, uid: "041D3C8A2D6B80", counter: 291 });
    expect(result.ok && toHex(result.fileData as Uint8Array)).toBe("4E545858716E6F5F6F42467077792D56");
  });

  it("test_plain_sdm / test_plain_sdm_wrong: MAC of a plain mirror (UID 041E3C8A2D6B80, counter 6)", () => {
    const mac = sunMac(ZERO, hex("041E3C8A2D6B80"), 6, new Uint8Array(0));
    expect(toHex(mac)).toBe("4B00064004B0B3D3");
    expect(toHex(mac)).not.toBe("AB00064004B0B3AB");
  });

  it("test_sun2_wrong_sdmmac is refused", () => {
    const message = parsed(
      "picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=3CC1E7F6C6C33B33",
    );
    expect(verifySunMessage(message, zeroKeys)).toEqual({ ok: false, reason: "bad_mac" });
  });

  it("README TagTamper example: file data starts with the tamper status", () => {
    const result = verifySunMessage(
      parsed("?picc_data=FDD387BF32A33A7C40CF259675B3A1E2&enc=EA050C282D8E9043E28F7A171464D697&cmac=758110182134ECE9"),
      zeroKeys,
    );
    expect(result).toMatchObject({ ok: true, uid: "0469879A226880", counter: 2 });
    expect(result.ok && text(result.fileData)).toBe("CC--------------");
  });

  // sdm-backend's own diversification (libsdm/derive.py, HMAC-SHA256 then CMAC), rebuilt here only
  // to run its end-to-end vectors with non-zero keys and 64 bytes of file data; checked first
  // against its tests/test_kdf.py.
  const hmac16 = (key: Uint8Array, msg: Uint8Array, full = false) => {
    const out = Uint8Array.from(createHmac("sha256", key).update(msg).digest());
    return full ? out : out.slice(0, 16);
  };
  const ascii = (s: string) => new TextEncoder().encode(s);
  const sdmBackendMetaKey = (master: Uint8Array) => hmac16(master, ascii("PICCDataKey"));
  const sdmBackendTagKey = (master: Uint8Array, uid: Uint8Array, keyNo: number) =>
    cmac(
      Uint8Array.from([1, ...hmac16(hmac16(master, ascii("DivBaseKey"), true), uid)]),
      hmac16(master, Uint8Array.from([...ascii("SlotMasterKey"), keyNo])),
    );

  it("test_kdf: the rebuilt derivation matches", () => {
    const k1 = hex("C9EB67DF090AFF47C3B19A2516680B9D");
    expect(toHex(sdmBackendMetaKey(k1))).toBe("A13086F194D7BDFD108DD11716EA2BDF");
    expect(toHex(sdmBackendTagKey(k1, hex("010203040506AB"), 1))).toBe("F18CDD9389D47AE7AB381E80E5AB6FE3");
    expect(toHex(sdmBackendTagKey(k1, hex("03030303030303"), 2))).toBe("85F7CC459A5B4B2F5D1A5019DED61C88");
    const k2 = hex("B95F4C27E3D0BC333792EA968545217F");
    expect(toHex(sdmBackendMetaKey(k2))).toBe("3A553C40846FDA656FAA0FCE4F45FDBD");
    expect(toHex(sdmBackendTagKey(k2, hex("05050505050505"), 2))).toBe("89AE686DE793FDF48057EE6E78505CFC");
  });

  it.each([
    {
      name: "test_decrypt_with_kdf1",
      picc: "8DE9030262807261850FCCF5FE007E21",
      enc: "382B4C3D68552C3A5F417F0695A3D857923764E1737AD1F80E834E46387F45DC77FE7468BBCF9DBF43B29CA58E8D6435F908C9C0CD56E9B4B9960FE1279C5DF1",
      mac: "DF3EF20BE7D91C8E",
      uid: "04C24EDA926980",
      counter: 1,
      file: "NT1xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxEEEEEEEEEEEE",
    },
    {
      name: "test_decrypt_with_kdf2",
      picc: "4F5B914723915D456C038FE658686CD5",
      enc: "5CE7DCDEA93F5DA7AAA0AADC97485ABF",
      mac: "FFCD8DE82AD05289",
      uid: "047D5F2AAA6180",
      counter: 2,
      file: "CC\x04aaaaEEEEEEEEE",
    },
  ])("$name: per-tag keys, MAC input = the enc hex (bulk layout)", (v) => {
    const master = hex("47BBB68AFA73F31310BEEFCE5DDA692DBAD671A03FEAD5A9BBDBCF3CD6D4C521");
    const message: SunMessage = {
      piccData: hex(v.picc),
      mac: hex(v.mac),
      fileData: hex(v.enc),
      macInput: ascii(v.enc),
    };
    const keys = {
      metaReadKey: sdmBackendMetaKey(master),
      fileReadKeyFor: (uid: Uint8Array) => sdmBackendTagKey(master, uid, 2),
    };
    const result = verifySunMessage(message, keys);
    expect(result).toMatchObject({ ok: true, uid: v.uid, counter: v.counter });
    expect(result.ok && text(result.fileData)).toBe(v.file);
    expect(verifySunMessage({ ...message, mac: hex("00".repeat(8)) }, keys)).toEqual({ ok: false, reason: "bad_mac" });
  });
});

describe("AN10922 key diversification", () => {
  // AN10922 written out with its own padding (always 32 bytes, K2 when padded), independent of
  // the shortcut sun.ts takes through the standard CMAC.
  const dbl = (b: Uint8Array) => {
    const out = new Uint8Array(16);
    for (let i = 0; i < 16; i++) out[i] = ((b[i] as number) << 1) | ((b[i + 1] ?? 0) >> 7);
    if ((b[0] as number) & 0x80) out[15] = (out[15] as number) ^ 0x87;
    return out;
  };
  const subkeys = (key: Uint8Array) => {
    const k1 = dbl(ecb(key, { disablePadding: true }).encrypt(new Uint8Array(16)));
    return { k1, k2: dbl(k1) };
  };
  const an10922 = (key: Uint8Array, m: Uint8Array) => {
    const d = new Uint8Array(32);
    d[0] = 0x01;
    d.set(m, 1);
    const padded = m.length < 31;
    if (padded) d[1 + m.length] = 0x80;
    const { k1, k2 } = subkeys(key);
    const last = padded ? k2 : k1;
    for (let i = 0; i < 16; i++) d[16 + i] = (d[16 + i] as number) ^ (last[i] as number);
    return cbc(key, new Uint8Array(16), { disablePadding: true }).encrypt(d).slice(16);
  };
  const master = hex("00112233445566778899AABBCCDDEEFF");
  const nxpInput = hex("04782E21801D803042F54E585020416275"); // UID || AID 3042F5 || "NXP Abu"

  it("AN10922 §2.2.1 published example: subkeys and diversified key", () => {
    const { k1, k2 } = subkeys(master);
    expect(toHex(k1)).toBe("FBC9F75C9413C041DFEE452D3F0706D1");
    expect(toHex(k2)).toBe("F793EEB928278083BFDC8A5A7E0E0D25");
    expect(toHex(an10922(master, nxpInput))).toBe("A8DD63A3B89D54B37CA802473FDA9175");
    expect(toHex(diversifyAn10922(master, nxpInput))).toBe("A8DD63A3B89D54B37CA802473FDA9175");
  });

  it("matches the written-out AN10922 for every accepted input length, refuses the others", () => {
    for (let n = 16; n <= 31; n++) {
      const m = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      expect(toHex(diversifyAn10922(master, m))).toBe(toHex(an10922(master, m)));
    }
    expect(() => diversifyAn10922(master, new Uint8Array(15))).toThrow(/16-31/);
    expect(() => diversifyAn10922(master, new Uint8Array(32))).toThrow(/16-31/);
    expect(() => diversifyAn10922(new Uint8Array(8), nxpInput)).toThrow(/16 bytes/);
  });

  it("a tag's file-read key is AN10922 over UID || 'RELEVE-SUN-FILE-READ', distinct per tag and master", () => {
    const uid = hex("04A1B2C3D4E5F6");
    const m = Uint8Array.from([...uid, ...new TextEncoder().encode("RELEVE-SUN-FILE-READ")]);
    const key = sunFileReadKey(master, uid);
    expect(toHex(key)).toBe(toHex(an10922(master, m)));
    expect(toHex(sunFileReadKey(master, hex("04A1B2C3D4E5F7")))).not.toBe(toHex(key));
    expect(toHex(sunFileReadKey(hex("00112233445566778899AABBCCDDEEFE"), uid))).not.toBe(toHex(key));
    expect(() => sunFileReadKey(master, hex("04A1B2C3D4E5"))).toThrow(/7 bytes/);
  });
});

describe("generated taps through verifySunTap", () => {
  const v1: SunKeyVersion = {
    version: 1,
    metaReadKey: hex("0F1E2D3C4B5A69788796A5B4C3D2E1F0"),
    fileReadMasterKey: hex("A0A1A2A3A4A5A6A7A8A9AAABACADAEAF"),
  };
  const v2: SunKeyVersion = {
    version: 2,
    metaReadKey: hex("3D6E1F2A9B8C7D6E5F4A3B2C1D0E0F10"),
    fileReadMasterKey: hex("C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0"),
  };
  const keys = [v1, v2];
  const UID = "04A1B2C3D4E5F6";
  const OTHER_UID = "0455667788990A";

  /** What a tag with these keys writes into its URL on tap number `counter`. */
  const tap = (opts: { uid?: string; counter: number; key?: SunKeyVersion; file?: string; filler?: number }) => {
    const key = opts.key ?? v2;
    const uid = hex(opts.uid ?? UID);
    const ctr = [opts.counter & 0xff, (opts.counter >> 8) & 0xff, (opts.counter >> 16) & 0xff];
    const block = Uint8Array.from([0xc7, ...uid, ...ctr, 1, 2, 3, 4, opts.filler ?? 5]);
    const e = toHex(cbc(key.metaReadKey, new Uint8Array(16), { disablePadding: true }).encrypt(block));
    const fileKey = sunFileReadKey(key.fileReadMasterKey, uid);
    const sv = (p: number[]) => Uint8Array.from([...p, ...uid, ...ctr]);
    const macKey = cmac(sv([0x3c, 0xc3, 0, 1, 0, 0x80]), fileKey);
    const truncate = (full: Uint8Array) => toHex(full.filter((_, i) => i % 2 === 1));
    if (opts.file === undefined) return `?e=${e}&c=${truncate(cmac(new Uint8Array(0), macKey))}`;
    const encKey = cmac(sv([0xc3, 0x3c, 0, 1, 0, 0x80]), fileKey);
    const iv = ecb(encKey, { disablePadding: true }).encrypt(Uint8Array.from([...ctr, ...new Uint8Array(13)]));
    const enc = toHex(cbc(encKey, iv, { disablePadding: true }).encrypt(new TextEncoder().encode(opts.file)));
    const mac = truncate(cmac(new TextEncoder().encode(`${enc}&c=`), macKey));
    return `?e=${e}&enc=${enc}&c=${mac}`;
  };

  it("a sequence of taps passes, each counter above the last", () => {
    let last: number | undefined;
    for (const counter of [1, 2, 3, 10, 255, 256, 65_536, 0xfffffe, 0xffffff]) {
      const result = verifySunTap({
        query: tap({ counter }),
        keys,
        keyVersion: 2,
        expectedUid: UID,
        lastCounter: last,
      });
      expect(result).toEqual({ ok: true, uid: UID, counter });
      last = counter;
    }
  });

  it("a counter at or below the last one is a replay", () => {
    const query = tap({ counter: 41 });
    expect(verifySunTap({ query, keys, keyVersion: 2, lastCounter: 40 })).toMatchObject({ ok: true, counter: 41 });
    expect(verifySunTap({ query, keys, keyVersion: 2, lastCounter: 41 })).toEqual({
      ok: false,
      reason: "replay",
      uid: UID,
      counter: 41,
    });
    expect(verifySunTap({ query: tap({ counter: 7 }), keys, keyVersion: 2, lastCounter: 41 })).toMatchObject({
      ok: false,
      reason: "replay",
    });
  });

  it("another tag's authentic tap is refused as the wrong tag (any case of the expected UID)", () => {
    const query = tap({ uid: OTHER_UID, counter: 3 });
    expect(verifySunTap({ query, keys, keyVersion: 2 })).toMatchObject({ ok: true, uid: OTHER_UID });
    expect(verifySunTap({ query, keys, keyVersion: 2, expectedUid: UID.toLowerCase() })).toEqual({
      ok: false,
      reason: "wrong_tag",
      uid: OTHER_UID,
      counter: 3,
    });
    expect(
      verifySunTap({ query: tap({ counter: 3 }), keys, keyVersion: 2, expectedUid: UID.toLowerCase() }),
    ).toMatchObject({ ok: true });
  });

  it("encrypted file data decrypts once the MAC holds, and altering it breaks the MAC", () => {
    const query = tap({ counter: 9, file: "RLV-JACKET-B24A-0001-E9AD_______" });
    const result = verifySunTap({ query, keys, keyVersion: 2, expectedUid: UID, lastCounter: 8 });
    expect(result).toMatchObject({ ok: true, uid: UID, counter: 9 });
    expect(result.ok && text(result.fileData)).toBe("RLV-JACKET-B24A-0001-E9AD_______");
    const enc = /enc=([0-9A-F]+)/.exec(query)?.[1] as string;
    const altered = query.replace(enc, `${enc.slice(0, 5)}${enc[5] === "0" ? "1" : "0"}${enc.slice(6)}`);
    expect(verifySunTap({ query: altered, keys, keyVersion: 2 })).toEqual({ ok: false, reason: "bad_mac" });
    // The MAC covers the text between the offsets, separators included.
    expect(verifySunTap({ query: query.replace("&c=", "&x=1&c="), keys, keyVersion: 2 })).toEqual({
      ok: false,
      reason: "bad_mac",
    });
  });

  it("every flipped bit in e or c is refused", () => {
    const query = tap({ counter: 5 });
    const [, e, c] = /^\?e=([0-9A-F]{32})&c=([0-9A-F]{16})$/.exec(query) as unknown as [string, string, string];
    const flip = (h: string, bit: number) => {
      const bytes = hex(h);
      bytes[bit >> 3] = (bytes[bit >> 3] as number) ^ (1 << (bit & 7));
      return toHex(bytes);
    };
    for (let bit = 0; bit < 128; bit++) {
      const result = verifySunTap({ query: `?e=${flip(e, bit)}&c=${c}`, keys, keyVersion: 2 });
      expect(result.ok, `e bit ${bit}`).toBe(false);
      expect(["bad_picc_data", "bad_mac"]).toContain(!result.ok && result.reason);
    }
    for (let bit = 0; bit < 64; bit++) {
      expect(verifySunTap({ query: `?e=${e}&c=${flip(c, bit)}`, keys, keyVersion: 2 })).toEqual({
        ok: false,
        reason: "bad_mac",
      });
    }
  });

  it("the PICC layout byte must be 0xC7", () => {
    const block = Uint8Array.from([0x87, ...hex(UID), 5, 0, 0, 1, 2, 3, 4, 5]);
    expect(decryptPiccData(v2.metaReadKey, cbc(v2.metaReadKey, ZERO, { disablePadding: true }).encrypt(block))).toBe(
      null,
    );
  });

  it("a tag keyed for another version or another master is refused; an unknown version too", () => {
    const query = tap({ counter: 4, key: v1 });
    expect(verifySunTap({ query, keys, keyVersion: 1 })).toMatchObject({ ok: true, counter: 4 });
    expect(["bad_picc_data", "bad_mac"]).toContain(
      (verifySunTap({ query, keys, keyVersion: 2 }) as { reason: string }).reason,
    );
    // Right meta-read key, file-read key from another master: only the MAC can tell.
    const rogue = { ...v2, fileReadMasterKey: hex("00000000000000000000000000000001") };
    expect(verifySunTap({ query: tap({ counter: 4, key: rogue }), keys, keyVersion: 2 })).toEqual({
      ok: false,
      reason: "bad_mac",
    });
    expect(verifySunTap({ query, keys, keyVersion: 3 })).toEqual({ ok: false, reason: "unknown_key_version" });
  });

  it("accepts lower-case hex, the long parameter names and extra parameters", () => {
    const query = tap({ counter: 12 });
    expect(verifySunTap({ query: query.toLowerCase(), keys, keyVersion: 2 })).toMatchObject({ ok: true, uid: UID });
    const long = query.replace("?e=", "?picc_data=").replace("&c=", "&cmac=");
    expect(verifySunTap({ query: `${long}&utm_source=x`, keys, keyVersion: 2 })).toMatchObject({ ok: true });
  });
});

describe("malformed queries", () => {
  const E = "EF963FF7828658A599F3041510671E88";
  const C = "94EED9EE65337086";
  const ENC = "CEE9A53E3E463EF1F459635736738962";
  const reason = (query: string) => {
    const p = parseSunQuery(query);
    return p.ok ? "ok" : p.reason;
  };

  it.each([
    ["", "missing_parameters"],
    ["?", "missing_parameters"],
    [`?e=${E}`, "missing_parameters"],
    [`?c=${C}`, "missing_parameters"],
    [`?e=&c=${C}`, "missing_parameters"],
    [`?e=${E}&c`, "missing_parameters"],
    [`?e=${E.slice(2)}&c=${C}`, "bad_format"],
    [`?e=${E}00&c=${C}`, "bad_format"],
    [`?e=${E}&c=${C.slice(1)}`, "bad_format"],
    [`?e=${E.slice(1)}G&c=${C}`, "bad_format"],
    [`?e=${E}&c=${C.slice(2)}%20`, "bad_format"],
    [`?e=${E.slice(2)}%41%41&c=${C}`, "bad_format"],
    [`?e=${E}&e=${E}&c=${C}`, "bad_format"],
    [`?e=${E}&picc_data=${E}&c=${C}`, "bad_format"],
    [`?e=${E}&c=${C}&cmac=${C}`, "bad_format"],
    [`?e=${E}&enc=&c=${C}`, "bad_format"],
    [`?e=${E}&enc=${ENC.slice(2)}&c=${C}`, "bad_format"],
    [`?e=${E}&enc=${ENC}Z&c=${C}`, "bad_format"],
    [`?e=${E}&enc=${ENC.repeat(17)}&c=${C}`, "bad_format"],
    [`?e=${E}&c=${C}&enc=${ENC}`, "bad_format"],
    [`?e=${E}&enc=${ENC}&enc=${ENC}&c=${C}`, "bad_format"],
  ])("%s -> %s", (query, expected) => {
    expect(reason(query)).toBe(expected);
    expect(verifySunTap({ query, keys: [], keyVersion: 1 })).toEqual({ ok: false, reason: expected });
  });

  it("accepts the longest file data mirror (256 bytes)", () => {
    expect(reason(`?e=${E}&enc=${ENC.repeat(16)}&c=${C}`)).toBe("ok");
  });
});

describe("parseSunKeys", () => {
  const K = "00112233445566778899AABBCCDDEEFF";
  it("reads versions from the secret", () => {
    const keys = parseSunKeys(
      JSON.stringify([
        { version: 1, metaReadKey: K, fileReadMasterKey: K.toLowerCase() },
        { version: 2, metaReadKey: K, fileReadMasterKey: K },
      ]),
    );
    expect(keys.map((k) => k.version)).toEqual([1, 2]);
    expect(toHex(keys[0]?.fileReadMasterKey as Uint8Array)).toBe(K);
  });

  it.each([
    ["not json", /not JSON/],
    ["[]", /non-empty array/],
    ["{}", /non-empty array/],
    ["[1]", /not an object/],
    [JSON.stringify([{ version: 0, metaReadKey: K, fileReadMasterKey: K }]), /positive integer/],
    [JSON.stringify([{ version: "1", metaReadKey: K, fileReadMasterKey: K }]), /positive integer/],
    [JSON.stringify([{ version: 1, metaReadKey: K.slice(2), fileReadMasterKey: K }]), /metaReadKey/],
    [JSON.stringify([{ version: 1, metaReadKey: K, fileReadMasterKey: `${K.slice(1)}X` }]), /fileReadMasterKey/],
    [
      JSON.stringify([
        { version: 1, metaReadKey: K, fileReadMasterKey: K },
        { version: 1, metaReadKey: K, fileReadMasterKey: K },
      ]),
      /twice/,
    ],
  ])("refuses %s", (secret, message) => {
    expect(() => parseSunKeys(secret)).toThrow(message);
  });
});
