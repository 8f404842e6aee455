// Zod-free: routes and the browser use it as is; text-field.ts is its zod face (decision 0042).

/**
 * The one text rule for every form and JSON field (issue #28, decision 0042):
 * 1. well-formed Unicode only: a lone UTF-16 surrogate (JSON's `"\ud800"`) is refused, never
 *    stored as invalid UTF-8;
 * 2. in a multi-line field, every line break (CR LF, CR, U+2028, U+2029) becomes LF;
 * 3. NFC ("e\u0301" is stored as "é"), then trimmed;
 * 4. control characters (C0, DEL, C1) are refused, except TAB and LF in a multi-line field; a
 *    single-line field refuses line breaks too;
 * 5. length is counted in characters (code points), not UTF-16 units: an emoji is one.
 */
export type TextOptions = {
  /** A multi-line field (notes, bio, a description, a CSV): keeps LF and TAB. */
  multiline?: boolean;
};

export type TextProblem = "malformed" | "control";
export type CleanText = { ok: true; value: string } | { ok: false; problem: TextProblem };

const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** `raw` under the rule: the value to store, or why it is refused. */
export function cleanText(raw: string, options: TextOptions = {}): CleanText {
  if (!raw.isWellFormed()) return { ok: false, problem: "malformed" };
  const lines = options.multiline ? raw.replace(LINE_BREAKS, "\n") : raw;
  const value = lines.normalize("NFC").trim();
  const control = options.multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE;
  if (control.test(value)) return { ok: false, problem: "control" };
  return { ok: true, value };
}

/** Characters (code points) in `value`: "👗" is 1, where `.length` says 2. */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** What a refusal says; `label` names the field ("First name"). */
export const TEXT_MESSAGES = {
  malformed: (label: string) => `${label} is not valid text: it contains a lone UTF-16 surrogate`,
  control: (label: string, multiline = false) =>
    multiline
      ? `${label} must not contain control characters`
      : `${label} must not contain line breaks or control characters`,
} as const;

/** The message for `problem` in the field `label`. */
export function textProblemMessage(problem: TextProblem, label: string, options: TextOptions = {}): string {
  return problem === "malformed" ? TEXT_MESSAGES.malformed(label) : TEXT_MESSAGES.control(label, options.multiline);
}

/**
 * The path of the first string (key or value) in a parsed JSON body holding a lone surrogate,
 * or null: the JSON boundary's catch-all behind the per-field rule.
 */
export function findLoneSurrogate(value: unknown, path: Array<string | number> = []): Array<string | number> | null {
  if (typeof value === "string") return value.isWellFormed() ? null : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findLoneSurrogate(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!key.isWellFormed()) return [...path, key];
      const found = findLoneSurrogate(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
