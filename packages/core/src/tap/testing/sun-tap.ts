import { cbc, cmac, ecb } from "@noble/ciphers/aes.js";
import { bytesToHex, hexToBytes } from "@noble/ciphers/utils.js";
import { type SunKeyVersion, sunFileReadKey } from "../sun";

const hex = (bytes: Uint8Array) => bytesToHex(bytes).toUpperCase();

/**
 * Tests only: what an NTAG 424 DNA keyed with `key` writes into its URL on tap number `counter`
 * (NXP AN12196, the layout of decision 0034), built from the AES primitives directly rather
 * than from sun.ts's verification code, so a test of the verifier is not the verifier checking
 * itself. The file-read key is sun.ts's AN10922 diversification (checked against AN10922's own
 * vector in sun.test.ts). Returns the query, with its leading "?": `?e=…&c=…`, or
 * `?e=…&enc=…&c=…` with `file` (a multiple of 16 ASCII bytes).
 */
export function sunTapQuery(
  key: SunKeyVersion,
  opts: { uid: string; counter: number; file?: string; filler?: number },
): string {
  const uid = hexToBytes(opts.uid);
  if (uid.length !== 7) throw new Error("a tag UID is 7 bytes");
  const ctr = [opts.counter & 0xff, (opts.counter >> 8) & 0xff, (opts.counter >> 16) & 0xff];
  const zeroIv = new Uint8Array(16);
  const filler = opts.filler ?? 0x5a;
  const picc = Uint8Array.from([0xc7, ...uid, ...ctr, filler, filler, filler, filler, filler]);
  const e = hex(cbc(key.metaReadKey, zeroIv, { disablePadding: true }).encrypt(picc));
  const fileKey = sunFileReadKey(key.fileReadMasterKey, uid);
  const sv = (prefix: number[]) => Uint8Array.from([...prefix, ...uid, ...ctr]);
  const macKey = cmac(sv([0x3c, 0xc3, 0x00, 0x01, 0x00, 0x80]), fileKey);
  const truncated = (full: Uint8Array) => hex(full.filter((_, i) => i % 2 === 1));
  if (opts.file === undefined) return `?e=${e}&c=${truncated(cmac(new Uint8Array(0), macKey))}`;
  const encKey = cmac(sv([0xc3, 0x3c, 0x00, 0x01, 0x00, 0x80]), fileKey);
  const iv = ecb(encKey, { disablePadding: true }).encrypt(Uint8Array.from([...ctr, ...new Uint8Array(13)]));
  const enc = hex(cbc(encKey, iv, { disablePadding: true }).encrypt(new TextEncoder().encode(opts.file)));
  return `?e=${e}&enc=${enc}&c=${truncated(cmac(new TextEncoder().encode(`${enc}&c=`), macKey))}`;
}

/** A random 7-byte tag UID, upper-case hex, starting 04 (NXP's manufacturer byte). */
export const randomSunUid = (): string => `04${hex(crypto.getRandomValues(new Uint8Array(6)))}`;
