/**
 * The fuzz suite's table of malformed requests (issue #17), generated from each form's or API's
 * fields: the same few hundred shapes an attacker tries first, then seeded random combinations
 * of them, so every run sends the same requests and a failure can be replayed.
 */
import type { RawRequest } from "./support";

export const PER_TARGET = 200;

/** A value sent as is (already percent-encoded bytes), or text to encode. */
type Value = string | { raw: string };
type Pair = [string, Value];
export type FuzzCase = RawRequest & {
  label: string;
  /** The request names an existing row by an id that is not an id ("0x8", "1e1"): it must be refused. */
  mustRefuse?: boolean;
};

const KB = 1024;
const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

/** mulberry32: a small seeded PRNG, so the "random" part of the table is the same every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const seedOf = (text: string) =>
  [...text].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0, 2166136261);

/** Malformed values for a text field. */
const BAD_TEXT: [string, Value][] = [
  ["empty", ""],
  ["blank", "   "],
  ["100 KB", "a".repeat(100 * KB)],
  ["100 KB of é", "é".repeat(50 * KB)],
  ["NUL", "a\u0000b"],
  ["RTL override", "\u202Eevil\u202C.txt"],
  ["invalid UTF-8", { raw: "%FF%FEa%C3" }],
  ["lone surrogate", { raw: "%ED%A0%80" }],
  ["overlong slash", { raw: "%C0%AF" }],
  ["script", "<script>alert(1)</script>"],
  ["SQL", "' OR 1=1 --"],
  ["CRLF", "a\r\nSet-Cookie: x=y"],
  ["25 x é", "é".repeat(25)],
  ["200 chars", "x".repeat(200)],
  ["5000 chars", "x".repeat(5000)],
  ["1000 emoji", "🙂".repeat(1000)],
  ["object", "[object Object]"],
  ["null", "null"],
  ["percent", "%"],
  ["zero-width", "\u200b\u200b\u200b"],
];

/** Ids that are not ids, around a real one (`id`): each must be refused where `id` would not be. */
function lenientIds(id: number): string[] {
  return [
    `0x${id.toString(16)}`,
    `${id}e0`,
    ` ${id}`,
    `${id} `,
    `${id}.0`,
    `0${id}`,
    `+${id}`,
    `${id}abc`,
    `${id}\u0000`,
  ];
}
/** Ids that name nothing: negative, zero, past 2^53 or 2^64, fractions, other digits. */
const BAD_IDS = [
  "-1",
  "0",
  "18446744073709551616",
  "9007199254740993",
  "1.5",
  "NaN",
  "Infinity",
  "١٢",
  "1e400",
  "9".repeat(400),
];

const enc = (v: Value) => (typeof v === "string" ? encodeURIComponent(v) : v.raw);
const urlencoded = (pairs: Pair[]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${enc(v)}`).join("&");
const plain = (v: Value) =>
  typeof v === "string" ? v : decodeURIComponent(v.raw.replace(/%(?![0-9A-F]{2})/gi, "%25")).toString();
const safePlain = (v: Value) => {
  try {
    return plain(v);
  } catch {
    return "\ufffd";
  }
};

function multipart(pairs: Pair[], boundary: string, closing = true) {
  const parts = pairs.map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${safePlain(v)}\r\n`,
  );
  return `${parts.join("")}${closing ? `--${boundary}--\r\n` : ""}`;
}

function pairsOf(base: Record<string, string>): Pair[] {
  return Object.entries(base);
}

function withField(base: Record<string, string>, field: string, value: Value | null): Pair[] {
  const pairs = pairsOf(base).filter(([k]) => k !== field);
  return value === null ? pairs : [...pairs, [field, value]];
}

export type FormSpec = {
  name: string;
  path: string;
  base: Record<string, string>;
  /** Fields (of `base`) that hold a row id that exists: its lenient forms must be refused. */
  idFields?: string[];
  /** The path with its id replaced, for the id's lenient forms (`mustRefuse`) and bad ids. */
  pathWithId?: { make: (id: string) => string; valid: number };
  /** Give each request a client address of its own (public forms: per-IP limits stay out of the way). */
  ipPerRequest?: boolean;
  /**
   * A value of `base` (an address) each request makes its own by a suffix: one address failing
   * sign-in from many networks is slowed by design (decision 0041), which would slow the fuzz.
   */
  uniquePerRequest?: string;
};

/** At least PER_TARGET malformed submissions of one form. */
export function formCases(spec: FormSpec): FuzzCase[] {
  const out: FuzzCase[] = [];
  const form = (label: string, pairs: Pair[], extra: Partial<FuzzCase> = {}) =>
    out.push({
      label,
      method: "POST",
      path: spec.path,
      headers: { "Content-Type": FORM },
      body: urlencoded(pairs),
      ...extra,
    });
  const base = pairsOf(spec.base);
  const baseText = urlencoded(base);

  // Bodies that are not a form, or not one we can read.
  const raw = (label: string, contentType: string | null, body: Buffer | string | undefined) =>
    out.push({
      label,
      method: "POST",
      path: spec.path,
      headers: contentType ? { "Content-Type": contentType } : {},
      body,
    });
  raw("no body", null, undefined);
  raw("empty form", FORM, "");
  raw("JSON object", JSON_TYPE, JSON.stringify(spec.base));
  raw("JSON array", JSON_TYPE, JSON.stringify([spec.base]));
  raw("JSON as a form", FORM, JSON.stringify(spec.base));
  raw("text/plain", "text/plain", baseText);
  raw("multipart, other boundary", "multipart/form-data; boundary=AAAA", multipart(base, "BBBB"));
  raw("multipart, no boundary", "multipart/form-data", multipart(base, "BBBB"));
  raw("multipart, unterminated", "multipart/form-data; boundary=CCCC", multipart(base, "CCCC", false));
  raw("multipart, garbage", "multipart/form-data; boundary=DDDD", "--DDDD\r\nnot a part\r\n\r\n");
  raw("form, charset=utf-16", `${FORM}; charset=utf-16`, Buffer.from(baseText, "utf16le"));
  raw("form, charset=iso-8859-1", `${FORM}; charset=iso-8859-1`, Buffer.from(`${baseText}&x=%E9`, "latin1"));
  raw("form, bad percent", FORM, `${baseText}&%zz=%&a=%G1`);
  raw("form, raw invalid UTF-8", FORM, Buffer.concat([Buffer.from(`${baseText}&x=`), Buffer.from([0xff, 0xfe, 0xc3])]));
  raw("form, BOM", FORM, `\ufeff${baseText}`);
  raw("octet-stream", "application/octet-stream", Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)));
  raw(
    "XML",
    "application/xml",
    "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>",
  );
  raw("content type garbage", "}{; ;=", baseText);
  raw("form, 1 MB", FORM, `${baseText}&pad=${"a".repeat(1024 * KB)}`);
  raw("form, 3000 fields", FORM, `${baseText}&${Array.from({ length: 3000 }, (_, i) => `f${i}=1`).join("&")}`);
  raw("form, 100 KB field name", FORM, `${baseText}&${"n".repeat(100 * KB)}=1`);
  raw(
    "multipart, a file for a field",
    "multipart/form-data; boundary=EEEE",
    `--EEEE\r\nContent-Disposition: form-data; name="${base[0]?.[0] ?? "x"}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile\r\n--EEEE--\r\n`,
  );
  // A well-formed multipart copy of the base form: a form all the same.
  raw("multipart, well formed", "multipart/form-data; boundary=FFFF", multipart(base, "FFFF"));

  // Not from our pages (CSRF): refused whatever the body.
  form("no Origin", base, { origin: "none" });
  form("foreign Origin", base, { origin: "https://evil.example" });
  form("Origin: null", base, { origin: "null" });

  // Field by field: missing, duplicated, in array or object notation, malformed.
  const fields = [...Object.keys(spec.base), "__proto__", "constructor"];
  for (const field of fields) {
    const valid = spec.base[field] ?? "";
    form(`${field}: missing`, withField(spec.base, field, null));
    form(`${field}: sent twice, bad last`, [...withField(spec.base, field, valid), [field, "x".repeat(300)]]);
    form(`${field}: sent twice, bad first`, [[field, "\u0000"], ...withField(spec.base, field, valid)]);
    form(`${field}[]`, [...withField(spec.base, field, null), [`${field}[]`, valid]]);
    form(`${field}[a]`, [...withField(spec.base, field, null), [`${field}[a]`, valid]]);
    form(`${field} name with NUL`, [...withField(spec.base, field, null), [`${field}\u0000`, valid]]);
    for (const [label, value] of BAD_TEXT) form(`${field}: ${label}`, withField(spec.base, field, value));
  }
  form("extra fields", [...base, ["role", "admin"], ["is_admin", "true"], ["user_id", "1"], ["owner_user_id", "x"]]);
  form("all missing", []);

  // Ids: lenient forms of a real one must be refused; ids naming nothing are refused anyway.
  for (const field of spec.idFields ?? []) {
    const id = Number(spec.base[field]);
    for (const v of lenientIds(id))
      form(`${field}=${JSON.stringify(v)}`, withField(spec.base, field, v), { mustRefuse: true });
    for (const v of BAD_IDS) form(`${field}=${v}`, withField(spec.base, field, v));
  }
  if (spec.pathWithId) {
    const { make, valid } = spec.pathWithId;
    for (const v of lenientIds(valid)) {
      form(`path id ${JSON.stringify(v)}`, base, { path: make(encodeURIComponent(v)), mustRefuse: true });
    }
    for (const v of BAD_IDS) form(`path id ${v}`, base, { path: make(encodeURIComponent(v)) });
  }

  // Then seeded combinations of two or three of the above, up to PER_TARGET.
  const random = rng(seedOf(spec.name));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  while (out.length < PER_TARGET) {
    let pairs: Pair[] = base.map(([k, v]) => [k, v]);
    const n = 2 + Math.floor(random() * 2);
    const labels: string[] = [];
    for (let i = 0; i < n; i++) {
      const field = pick(fields);
      const [label, value] = pick(BAD_TEXT);
      const mode = random();
      if (mode < 0.6) pairs = [...pairs.filter(([k]) => k !== field), [field, value]];
      else if (mode < 0.8) pairs = [...pairs, [field, value]];
      else pairs = pairs.filter(([k]) => k !== field);
      labels.push(`${field}:${mode < 0.6 ? label : mode < 0.8 ? `+${label}` : "missing"}`);
    }
    const asMultipart = random() < 0.25;
    out.push({
      label: `combo ${labels.join(", ")}${asMultipart ? " (multipart)" : ""}`,
      method: "POST",
      path: spec.path,
      headers: { "Content-Type": asMultipart ? "multipart/form-data; boundary=ZZZZ" : FORM },
      body: asMultipart ? multipart(pairs, "ZZZZ") : urlencoded(pairs),
    });
  }
  if (spec.ipPerRequest) {
    // Each request its own address, spread over 256 /24s: early access also caps a /24's day (decision 0057).
    out.forEach((c, i) => {
      c.ip = `10.${200 + (seedOf(spec.name) % 50)}.${i & 255}.${((i >> 8) & 255) + 1}`;
    });
  }
  const unique = spec.uniquePerRequest;
  if (unique) {
    out.forEach((c, i) => {
      if (typeof c.body === "string") c.body = c.body.replaceAll(unique, `${unique}-${i}`);
      else if (c.body) c.body = Buffer.from(c.body.toString("latin1").replaceAll(unique, `${unique}-${i}`), "latin1");
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export type ApiSpec = {
  name: string;
  method: string;
  /** The path for an id (routes with `:id`), or the fixed path. */
  path: (id: string) => string;
  validId?: number;
  /** The id's lenient forms are refused only when `validId` names a row (else 404 either way). */
  idExists?: boolean;
  base: Record<string, unknown> | null;
  /**
   * Fields the base sets to an invalid value so that every call is refused (a call that created
   * something would leave it in the admin's lists): one at a time they are fuzzed, never together.
   */
  keepInvalid?: string[];
  /** Raw bodies for an API that reads its body as bytes (a garment photo): label, Content-Type, bytes. */
  bodies?: [string, string, Buffer][];
};

/** JSON values of the wrong type, or of the right type and wrong size. */
const BAD_JSON: [string, string][] = [
  ["null", "null"],
  ["true", "true"],
  ["false", "false"],
  ["zero", "0"],
  ["negative", "-1"],
  ["fraction", "1.5"],
  ["-0", "-0"],
  ["1e309", "1e309"],
  ["2^64", "18446744073709551616"],
  ["2^53+1", "9007199254740993"],
  ["string", '"text"'],
  ["empty string", '""'],
  // A decimal string is an id (parseId): one that names no row, so no accepted call touches a real one.
  ["numeric string", '"999999"'],
  ["hex string", '"0x8"'],
  ["exponent string", '"1e1"'],
  ["padded string", '" 22"'],
  ["100 KB string", JSON.stringify("a".repeat(100 * KB))],
  ["NUL string", '"a\\u0000b"'],
  ["RTL string", '"\\u202Eevil"'],
  ["lone surrogate", '"\\ud800"'],
  ["script string", JSON.stringify("<script>alert(1)</script>")],
  ["javascript: URL", JSON.stringify("javascript:alert(1)")],
  ["empty array", "[]"],
  ["array", "[1,2]"],
  ["empty object", "{}"],
  ["operator object", '{"$gt":""}'],
  ["deep array", `${"[".repeat(2000)}${"]".repeat(2000)}`],
];

function jsonWith(base: Record<string, unknown>, field: string, rawValue: string | null): string {
  const entries = Object.entries(base)
    .filter(([k]) => k !== field)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  if (rawValue !== null) entries.push(`${JSON.stringify(field)}:${rawValue}`);
  return `{${entries.join(",")}}`;
}

/** At least PER_TARGET malformed calls of one JSON API. */
export function apiCases(spec: ApiSpec): FuzzCase[] {
  const out: FuzzCase[] = [];
  const id = String(spec.validId ?? 1);
  const path = spec.path(id);
  const base = spec.base ?? {};
  const baseText = JSON.stringify(base);
  const call = (
    label: string,
    contentType: string | null,
    body: Buffer | string | undefined,
    extra: Partial<FuzzCase> = {},
  ) =>
    out.push({
      label,
      method: spec.method,
      path,
      headers: contentType ? { "Content-Type": contentType } : {},
      body,
      ...extra,
    });

  // Ids in the path: lenient forms first (a DELETE that wrongly takes one removes the row).
  if (spec.validId !== undefined) {
    for (const v of lenientIds(spec.validId)) {
      call(`id ${JSON.stringify(v)}`, JSON_TYPE, baseText, {
        path: spec.path(encodeURIComponent(v)),
        mustRefuse: spec.idExists,
      });
    }
    for (const v of [...BAD_IDS, "abc", "%00", "..%2F..%2Fhealth", "1%2F2", "1;1", `${"1".repeat(10 * KB)}`]) {
      call(`id ${v.slice(0, 40)}`, JSON_TYPE, baseText, {
        path: spec.path(v.includes("%") ? v : encodeURIComponent(v)),
      });
    }
  }

  // Bodies: none, not JSON, JSON of the wrong shape, JSON we cannot read.
  call("no body", null, undefined);
  call("empty JSON body", JSON_TYPE, "");
  for (const text of [
    "null",
    "[]",
    `[${baseText}]`,
    '"text"',
    "123",
    "true",
    "{",
    `${baseText.slice(0, -1)},}`,
    "{'a':1}",
    "NaN",
  ]) {
    call(`body ${text.slice(0, 30)}`, JSON_TYPE, text);
  }
  call("JSON as text/plain", "text/plain", baseText);
  call("JSON as a form", FORM, baseText);
  call("form body", FORM, new URLSearchParams(Object.entries(base).map(([k, v]) => [k, String(v)])).toString());
  call(
    "multipart, bad boundary",
    "multipart/form-data; boundary=AAAA",
    `--BBBB\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--BBBB--\r\n`,
  );
  call("JSON, charset=utf-16", `${JSON_TYPE}; charset=utf-16`, Buffer.from(baseText, "utf16le"));
  call("JSON, charset=latin1", `${JSON_TYPE}; charset=latin1`, Buffer.from(baseText, "latin1"));
  call("JSON with a BOM", JSON_TYPE, `\ufeff${baseText}`);
  call("vendor +json", "application/vnd.releve+json", baseText);
  call(
    "JSON, invalid UTF-8",
    JSON_TYPE,
    Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
  );
  call("JSON, 1 MB", JSON_TYPE, JSON.stringify({ ...base, pad: "a".repeat(1024 * KB) }));
  call("JSON, 100k deep", JSON_TYPE, `${"[".repeat(100_000)}${"]".repeat(100_000)}`);
  call(
    "JSON, 5000 keys",
    JSON_TYPE,
    JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))),
  );
  call("__proto__", JSON_TYPE, `{"__proto__":{"is_admin":true,"is_active":true},${baseText.slice(1)}`);
  call("constructor.prototype", JSON_TYPE, `{"constructor":{"prototype":{"x":1}},${baseText.slice(1)}`);
  call("octet-stream", "application/octet-stream", Buffer.from([0, 1, 2, 255]));
  call("content type garbage", "}{; ;=", baseText);
  for (const [label, type, body] of spec.bodies ?? []) call(label, type, body);
  call("no Origin", JSON_TYPE, baseText, { origin: "none" });
  call("foreign Origin", JSON_TYPE, baseText, { origin: "https://evil.example" });
  call("Origin: null", JSON_TYPE, baseText, { origin: "null" });

  // Field by field.
  const fields = [...Object.keys(base), "extra"];
  for (const field of fields) {
    call(`${field}: missing`, JSON_TYPE, jsonWith(base, field, null));
    for (const [label, value] of BAD_JSON) call(`${field}: ${label}`, JSON_TYPE, jsonWith(base, field, value));
    // Duplicate keys: the last one wins in JSON.parse; a bad one last must still be refused.
    if (field in base) {
      const good = JSON.stringify(base[field]);
      call(
        `${field}: twice, bad last`,
        JSON_TYPE,
        `${jsonWith(base, field, good).slice(0, -1)},${JSON.stringify(field)}:"\\u0000"}`,
      );
    }
  }

  const random = rng(seedOf(spec.name));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const free = fields.filter((f) => !spec.keepInvalid?.includes(f));
  while (out.length < PER_TARGET) {
    let obj = { ...base } as Record<string, unknown>;
    const labels: string[] = [];
    const raws: Record<string, string> = {};
    for (let i = 0; i < 2 + Math.floor(random() * 2); i++) {
      const field = pick(free);
      const [label, value] = pick(BAD_JSON);
      raws[field] = value;
      labels.push(`${field}:${label}`);
    }
    obj = Object.fromEntries(Object.entries(obj).filter(([k]) => !(k in raws)));
    const text = `{${[
      ...Object.entries(obj).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`),
      ...Object.entries(raws).map(([k, v]) => `${JSON.stringify(k)}:${v}`),
    ].join(",")}}`;
    call(`combo ${labels.join(", ")}`, JSON_TYPE, text);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/** Search terms D1 used to refuse (LIKE patterns over 50 bytes), and worse. */
export const SEARCH_TERMS: [string, string][] = [
  ["25 x é", encodeURIComponent("é".repeat(25))],
  ["50 x é", encodeURIComponent("é".repeat(50))],
  ["49 bytes", "x".repeat(49)],
  ["50 bytes", "x".repeat(50)],
  ["51 bytes", "x".repeat(51)],
  ["100 chars", "x".repeat(100)],
  ["101 chars", "x".repeat(101)],
  ["200 chars", "x".repeat(200)],
  ["100 x é", encodeURIComponent("é".repeat(100))],
  ["30 emoji", encodeURIComponent("🙂".repeat(30))],
  ["8 KB", "x".repeat(8 * KB)],
  ["100 KB", "x".repeat(100 * KB)],
  ["percent", "%25"],
  ["underscore", "_"],
  ["LIKE wildcards", encodeURIComponent("%_%_%\\")],
  ["backslash", "%5C"],
  ["NUL", "%00"],
  ["RTL", encodeURIComponent("\u202Eevil")],
  ["invalid UTF-8", "%FF%FE"],
  ["lone surrogate", "%ED%A0%80"],
  ["bad percent", "%zz%"],
  ["SQL", encodeURIComponent("' OR 1=1 --")],
  ["script", encodeURIComponent("<script>alert(1)</script>")],
  ["blank", "%20%20%20"],
  ["tab and newline", "%09%0A"],
  ["twice", "a&q=b"],
  ["array", "a&q[]=b"],
  ["quote", "%22"],
  ["glob", "*"],
  ["instr-breaking", encodeURIComponent("')--")],
];
