import { data } from "react-router";
import { DRAIN_LIMIT, drainReader, OVERFLOW_DRAIN_LIMIT } from "./drain-body.server";

/** The largest form body any action reads; our biggest form (a profile) is a few KB. */
export const FORM_MAX_BYTES = 64 * 1024;
/** The most fields one form may carry (the profile form has about 30). */
export const FORM_MAX_FIELDS = 200;
/** The longest value a failed form echoes back into its fields, unless a field says otherwise. */
export const ECHO_MAX = 500;

/** What the refusals say; each is the error page's message (GeneralErrorBoundary shows it with the status). */
export const FORM_MESSAGES = {
  notForm:
    "This request could not be read: a form must be sent as application/x-www-form-urlencoded or multipart/form-data, in UTF-8.",
  malformed: "This form could not be read: its body is not a well-formed form.",
  notUtf8: "This form could not be read: it is not valid UTF-8 text.",
  tooLarge: `This form is too large: a form may be at most ${FORM_MAX_BYTES / 1024} KB.`,
  tooManyFields: `This form has too many fields: at most ${FORM_MAX_FIELDS}.`,
  repeated: (name: string) => `The field "${shown(name)}" was sent more than once.`,
  notText: (name: string) => `The field "${shown(name)}" must be text, not a file.`,
  nul: "This form contains a NUL character, which no field accepts.",
} as const;

/** A field name as a message quotes it: bounded, whatever was sent. */
const shown = (name: string) => (name.length > 60 ? `${name.slice(0, 60)}...` : name);

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const UTF8_LABELS = new Set(["utf-8", "utf8", "unicode-1-1-utf-8"]);

const STATUS_TEXT = { 400: "Bad Request", 413: "Content Too Large", 415: "Unsupported Media Type" } as const;

/** The refusal every route renders as its error page (a `.data` request gets the same status and message). */
function refuse(status: keyof typeof STATUS_TEXT, message: string): never {
  throw data(message, { status, statusText: STATUS_TEXT[status] });
}

/** The body, at most FORM_MAX_BYTES of it; 413 past that (whatever Content-Length claimed). */
async function readBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > FORM_MAX_BYTES) {
    await drainReader(reader, DRAIN_LIMIT);
    refuse(413, FORM_MESSAGES.tooLarge);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > FORM_MAX_BYTES) {
      // Past the cap while streaming: such a body may never end, so less of it is read.
      await drainReader(reader, OVERFLOW_DRAIN_LIMIT);
      refuse(413, FORM_MESSAGES.tooLarge);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

type MediaType = { essence: string; params: Map<string, string> };

function mediaTypeOf(header: string): MediaType {
  const [essence = "", ...rest] = header.split(";");
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf("=");
    if (eq < 0) continue;
    const value = param.slice(eq + 1).trim();
    params.set(param.slice(0, eq).trim().toLowerCase(), value.replace(/^"(.*)"$/, "$1"));
  }
  return { essence: essence.trim().toLowerCase(), params };
}

/** application/x-www-form-urlencoded, strictly: a malformed escape or invalid UTF-8 is a 400, not U+FFFD. */
function parseUrlEncoded(text: string): Array<[string, string]> {
  const decode = (raw: string) => {
    try {
      return decodeURIComponent(raw.replaceAll("+", " "));
    } catch {
      return refuse(400, FORM_MESSAGES.notUtf8);
    }
  };
  const entries: Array<[string, string]> = [];
  for (const part of text.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    entries.push(eq < 0 ? [decode(part), ""] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
  }
  return entries;
}

/** A form as every action reads it: text fields, one value each (see `readForm`). */
export class FormInput {
  readonly #fields: ReadonlyMap<string, readonly string[]>;

  constructor(fields: ReadonlyMap<string, readonly string[]>) {
    this.#fields = fields;
  }

  /** The field's value, "" when it was not sent (a repeatable field's last value: a ticked box after its hidden "false"). */
  get(name: string): string {
    return this.#fields.get(name)?.at(-1) ?? "";
  }

  /** The field's value, or undefined when it was not sent at all. */
  optional(name: string): string | undefined {
    return this.#fields.get(name)?.at(-1);
  }

  has(name: string): boolean {
    return this.#fields.has(name);
  }

  /** Every value sent under `name`, in order. */
  all(name: string): string[] {
    return [...(this.#fields.get(name) ?? [])];
  }

  /**
   * A honeypot's check: true when any value sent under `name` is not empty, so sending the
   * field twice (an empty one last) cannot skip it.
   */
  filled(name: string): boolean {
    return this.all(name).some((value) => value !== "");
  }

  /** Every field with its one value: what a schema parses. */
  record(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of this.#fields.keys()) out[name] = this.get(name);
    return out;
  }

  /**
   * The named fields as a refused form shows them again, each cut to `max` characters (or a
   * field's own cap in `caps`): never more than the page asked for, never an unbounded echo.
   */
  echo(names: readonly string[], max = ECHO_MAX, caps: Readonly<Record<string, number>> = {}): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of names) {
      const value = this.optional(name);
      if (value !== undefined) out[name] = value.slice(0, caps[name] ?? max);
    }
    return out;
  }
}

export type ReadFormOptions = {
  /** Fields a page sends more than once on purpose (a hidden "false" before its checkbox); the last value counts. */
  repeatable?: readonly string[];
  /** A request with no body and no Content-Type reads as an empty form (a sign-out button). */
  allowEmpty?: boolean;
};

/**
 * The one way an action reads its form (issue #17). Refuses, as the route's error page:
 * - 415: a body that is not application/x-www-form-urlencoded or multipart/form-data (no body,
 *   JSON, text), or a charset other than UTF-8;
 * - 413: a body over FORM_MAX_BYTES;
 * - 400: a body that does not parse (a bad multipart boundary, a broken escape, invalid UTF-8),
 *   a file where text is expected, a NUL character, more than FORM_MAX_FIELDS fields, or a field
 *   sent twice that the page sends once (so a doubled field cannot fool a check).
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormInput> {
  const header = request.headers.get("Content-Type");
  const repeatable = new Set(options.repeatable ?? []);
  if (header === null) {
    const body = await readBody(request);
    if (options.allowEmpty && body.byteLength === 0) return new FormInput(new Map());
    refuse(415, FORM_MESSAGES.notForm);
  }
  const type = mediaTypeOf(header);
  const charset = type.params.get("charset")?.toLowerCase();
  if ((type.essence !== URLENCODED && type.essence !== MULTIPART) || (charset && !UTF8_LABELS.has(charset))) {
    const reader = request.body?.getReader();
    if (reader) await drainReader(reader, DRAIN_LIMIT);
    refuse(415, FORM_MESSAGES.notForm);
  }
  const body = await readBody(request);
  // Both kinds are text end to end once files are refused: the whole body must be UTF-8.
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    refuse(400, FORM_MESSAGES.notUtf8);
  }

  let entries: Array<[string, FormDataEntryValue]>;
  if (type.essence === URLENCODED) {
    entries = parseUrlEncoded(text);
  } else {
    if (!type.params.get("boundary")) refuse(400, FORM_MESSAGES.malformed);
    try {
      entries = [...(await new Response(body, { headers: { "Content-Type": header } }).formData())];
    } catch {
      refuse(400, FORM_MESSAGES.malformed);
    }
  }

  if (entries.length > FORM_MAX_FIELDS) refuse(400, FORM_MESSAGES.tooManyFields);
  const fields = new Map<string, string[]>();
  for (const [name, value] of entries) {
    if (typeof value !== "string") refuse(400, FORM_MESSAGES.notText(name));
    if (name.includes("\0") || value.includes("\0")) refuse(400, FORM_MESSAGES.nul);
    const values = fields.get(name);
    if (!values) fields.set(name, [value]);
    else if (repeatable.has(name)) values.push(value);
    else refuse(400, FORM_MESSAGES.repeated(name));
  }
  return new FormInput(fields);
}
