/**
 * NDEF encoding of what the tag programmer writes (issue #18): one well-known URI record
 * (NFC Forum RTD-URI), as Web NFC writes `{ recordType: "url" }`, wrapped in the Type 2 tag's
 * NDEF TLV. Pure, so the programmer's simulation shows the exact bytes a chip would hold.
 */

/** NFC Forum URI Record Type Definition, table 3: the identifier code is the index. */
const URI_PREFIXES = [
  "",
  "http://www.",
  "https://www.",
  "http://",
  "https://",
  "tel:",
  "mailto:",
  "ftp://anonymous:anonymous@",
  "ftp://ftp.",
  "ftps://",
  "sftp://",
  "smb://",
  "nfs://",
  "ftp://",
  "dav://",
  "news:",
  "telnet://",
  "imap:",
  "rtsp://",
  "urn:",
  "pop:",
  "sip:",
  "sips:",
  "tftp:",
  "btspp://",
  "btl2cap://",
  "btgoep://",
  "tcpobex://",
  "irdaobex://",
  "file://",
  "urn:epc:id:",
  "urn:epc:tag:",
  "urn:epc:pat:",
  "urn:epc:raw:",
  "urn:epc:",
  "urn:nfc:",
] as const;

/** Type Name Format values of a record header. */
export const TNF = { empty: 0, wellKnown: 1, media: 2, absoluteUri: 3, external: 4, unknown: 5, unchanged: 6 } as const;

export type NdefRecord = { tnf: number; type: Uint8Array; id?: Uint8Array; payload: Uint8Array };

const MB = 0x80;
const ME = 0x40;
const SR = 0x10;
const IL = 0x08;

const utf8 = new TextEncoder();

/** A URI record's payload: the longest matching prefix's code, then the rest in UTF-8. */
export function uriPayload(uri: string): Uint8Array {
  let code = 0;
  for (let i = 1; i < URI_PREFIXES.length; i++) {
    const prefix = URI_PREFIXES[i] ?? "";
    if (uri.startsWith(prefix) && prefix.length > (URI_PREFIXES[code] ?? "").length) code = i;
  }
  const rest = utf8.encode(uri.slice((URI_PREFIXES[code] ?? "").length));
  const payload = new Uint8Array(1 + rest.length);
  payload[0] = code;
  payload.set(rest, 1);
  return payload;
}

/** The well-known URI record (type "U") of a URL. */
export const uriRecord = (uri: string): NdefRecord => ({
  tnf: TNF.wellKnown,
  type: utf8.encode("U"),
  payload: uriPayload(uri),
});

/** An NDEF message: the records in order, the first flagged MB, the last ME; short records where they fit. */
export function encodeNdefMessage(records: readonly NdefRecord[]): Uint8Array {
  if (records.length === 0) throw new RangeError("An NDEF message has at least one record.");
  const parts: number[] = [];
  records.forEach((record, i) => {
    const short = record.payload.length < 256;
    const id = record.id ?? new Uint8Array(0);
    if (record.type.length > 255 || id.length > 255) throw new RangeError("An NDEF type or id is at most 255 bytes.");
    let header = record.tnf & 0x07;
    if (i === 0) header |= MB;
    if (i === records.length - 1) header |= ME;
    if (short) header |= SR;
    if (id.length > 0) header |= IL;
    parts.push(header, record.type.length);
    const n = record.payload.length;
    if (short) parts.push(n);
    else parts.push((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
    if (id.length > 0) parts.push(id.length);
    parts.push(...record.type, ...id, ...record.payload);
  });
  return Uint8Array.from(parts);
}

/** The message the programmer writes for a tag's URL. */
export const urlNdefMessage = (url: string) => encodeNdefMessage([uriRecord(url)]);

/**
 * The message as a Type 2 tag (NTAG21x) stores it: NDEF TLV (0x03, its length in 1 or 3
 * bytes), the message, the terminator TLV (0xFE). This is what must fit the tag's user memory.
 */
export function ndefTlv(message: Uint8Array): Uint8Array {
  const length =
    message.length < 0xff ? [message.length] : [0xff, (message.length >>> 8) & 0xff, message.length & 0xff];
  if (message.length > 0xfffe) throw new RangeError("An NDEF TLV holds at most 65,534 bytes.");
  return Uint8Array.from([0x03, ...length, ...message, 0xfe]);
}

/** Reads an NDEF message back into its records (the inverse of `encodeNdefMessage`); throws on malformed bytes. */
export function decodeNdefMessage(bytes: Uint8Array): NdefRecord[] {
  const records: NdefRecord[] = [];
  let at = 0;
  const take = (n: number) => {
    if (at + n > bytes.length) throw new RangeError("The NDEF message is truncated.");
    const slice = bytes.slice(at, at + n);
    at += n;
    return slice;
  };
  const byte = () => take(1)[0] ?? 0;
  while (at < bytes.length) {
    const header = byte();
    if (records.length === 0 && !(header & MB)) throw new RangeError("The first record must be flagged MB.");
    const typeLength = byte();
    const payloadLength = header & SR ? byte() : take(4).reduce((n, b) => n * 256 + b, 0);
    const idLength = header & IL ? byte() : 0;
    const type = take(typeLength);
    const id = take(idLength);
    const payload = take(payloadLength);
    records.push({ tnf: header & 0x07, type, ...(idLength > 0 && { id }), payload });
    if (header & ME) {
      if (at !== bytes.length) throw new RangeError("Bytes follow the record flagged ME.");
      return records;
    }
  }
  throw new RangeError("No record is flagged ME.");
}

/** A URI record's payload back to its URI. */
export function decodeUriPayload(payload: Uint8Array): string {
  const prefix = URI_PREFIXES[payload[0] ?? 0] ?? "";
  return prefix + new TextDecoder().decode(payload.slice(1));
}

/** Bytes as upper-case hex pairs, `sep` between them. */
export const toHex = (bytes: Uint8Array, sep = " ") =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0").toUpperCase()).join(sep);

/** A hex dump: one line per `width` bytes, each with its offset (`0010  55 04 …`). */
export function hexDump(bytes: Uint8Array, width = 8): string[] {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += width) {
    lines.push(`${at.toString(16).padStart(4, "0").toUpperCase()}  ${toHex(bytes.slice(at, at + width))}`);
  }
  return lines;
}

/** A chip serial number as Web NFC gives it (`04:a2:3b:…`). */
const formatSerialNumber = (bytes: Uint8Array) => toHex(bytes, ":").toLowerCase();

/**
 * A 7-byte NXP-style UID (manufacturer byte 0x04, then 6 random bytes) for the programmer's
 * simulation: the chip that would have been there, never stored as a real one.
 */
export function randomNxpUid(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))) {
  const bytes = new Uint8Array(7);
  bytes[0] = 0x04;
  bytes.set(random(6).slice(0, 6), 1);
  return formatSerialNumber(bytes);
}
