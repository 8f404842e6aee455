import { describe, expect, it } from "vitest";
import { REDIRECT_MAX_LENGTH, safeRedirect } from "./auth-constants";

const ORIGIN = "https://releve.example";
const FALLBACK = "/fallback";

/** Where a browser goes when it follows `Location: <target>` (or a meta refresh to it) from our page. */
const followed = (target: string) => new URL(target, `${ORIGIN}/auth?mode=login`);

// Every one of these must stay on the origin. Those marked `refused` must give the fallback.
const HOSTILE: Array<[label: string, input: unknown]> = [
  // The five: dot segments resolved after the `//` test.
  ["dot then double slash", "/.//evil.example"],
  ["dot-dot then double slash", "/..//x"],
  ["encoded dot then double slash", "/%2e//x"],
  ["segment, dot-dot, double slash", "/x/..//x"],
  ["dot then backslash", "/./\\x"],
  // More of the same family.
  ["encoded dot-dot", "/%2e%2e//evil.example"],
  ["upper-case encoded dot", "/%2E//evil.example"],
  ["mixed encoded dot-dot", "/.%2e//evil.example"],
  ["deep dot-dot", "/a/b/../..//evil.example"],
  ["dot-dot past the root", "/../../..//evil.example"],
  ["dot-dot then backslash", "/..\\\\evil.example"],
  ["dot, backslash, slash", "/.\\/evil.example"],
  ["dot, slash, backslash", "/./\\evil.example"],
  ["dot-dot, backslash twice", "/x/..\\\\evil.example"],
  // Plain protocol-relative and backslash forms.
  ["protocol-relative", "//evil.example"],
  ["triple slash", "///evil.example"],
  ["slash backslash", "/\\evil.example"],
  ["double backslash", "\\\\evil.example"],
  ["backslash slash", "\\/evil.example"],
  // Control characters that URL parsers strip.
  ["tab inside the slashes", "/\t/evil.example"],
  ["newline inside the slashes", "/\n/evil.example"],
  ["carriage return", "/\r/evil.example"],
  ["NUL", "/\u0000/evil.example"],
  ["DEL", "/\u007f/evil.example"],
  ["leading space", " //evil.example"],
  ["leading tab", "\t/evil.example"],
  // Other schemes and hosts.
  ["https", "https://evil.example"],
  ["http with path", "http://evil.example/dashboard"],
  ["scheme-relative with credentials", "//user:pass@evil.example"],
  ["javascript", "javascript:alert(1)"],
  ["javascript, upper case", "JAVASCRIPT:alert(1)"],
  ["data", "data:text/html,<script>alert(1)</script>"],
  ["vbscript", "vbscript:msgbox(1)"],
  ["bare host", "evil.example"],
  ["relative path", "dashboard"],
  ["https without slashes", "https:evil.example"],
  ["https, one slash", "https:/evil.example"],
  // Encoded slashes stay in the path: a browser does not decode them into separators.
  ["encoded slash pair", "/%2f%2fevil.example"],
  ["encoded slash after a slash", "/%2fevil.example"],
  ["encoded backslash", "/%5cevil.example"],
  ["encoded backslash pair", "/%5c%5cevil.example"],
  ["encoded tab", "/%09/evil.example"],
  ["encoded newline", "/%0a/evil.example"],
  // Unicode look-alikes of / and \ and the dot.
  ["fullwidth solidus pair", "\uff0f\uff0fevil.example"],
  ["slash then fullwidth solidus", "/\uff0fevil.example"],
  ["fraction slash", "/\u2044evil.example"],
  ["fullwidth dot then slashes", "/\uff0e//evil.example"],
  ["line separator", "/\u2028/evil.example"],
  ["right-to-left override", "/\u202e//evil.example"],
  ["@ host lookalike", "/@evil.example"],
  // Not strings, empty, or too long.
  ["empty", ""],
  ["null", null],
  ["undefined", undefined],
  ["a number", 42],
  ["an array", ["/dashboard"]],
  ["an object", { toString: () => "/dashboard" }],
  ["100 KB", `/${"a".repeat(100 * 1024)}`],
  ["just over the cap", `/${"a".repeat(REDIRECT_MAX_LENGTH)}`],
  ["100 KB of dot segments", `/${"./".repeat(50 * 1024)}/evil.example`],
];

const MUST_REFUSE = new Set([
  "dot then double slash",
  "dot-dot then double slash",
  "encoded dot then double slash",
  "segment, dot-dot, double slash",
  "dot then backslash",
  "encoded dot-dot",
  "upper-case encoded dot",
  "mixed encoded dot-dot",
  "deep dot-dot",
  "dot-dot past the root",
  "dot-dot then backslash",
  "dot, backslash, slash",
  "dot, slash, backslash",
  "dot-dot, backslash twice",
  "protocol-relative",
  "triple slash",
  "slash backslash",
  "double backslash",
  "backslash slash",
  "tab inside the slashes",
  "newline inside the slashes",
  "carriage return",
  "NUL",
  "DEL",
  "leading space",
  "leading tab",
  "https",
  "http with path",
  "scheme-relative with credentials",
  "javascript",
  "javascript, upper case",
  "data",
  "vbscript",
  "bare host",
  "relative path",
  "https without slashes",
  "https, one slash",
  "fullwidth solidus pair",
  "empty",
  "null",
  "undefined",
  "a number",
  "an array",
  "an object",
  "100 KB",
  "just over the cap",
  "100 KB of dot segments",
]);

describe("safeRedirect: the redirect table (issue #17)", () => {
  it("holds at least 40 hostile inputs", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(HOSTILE)("%s: never leaves the origin", (label, input) => {
    const result = safeRedirect(input, FALLBACK);
    expect(result.startsWith("/"), label).toBe(true);
    expect(result.startsWith("//") || result.startsWith("/\\"), label).toBe(false);
    expect(followed(result).origin, label).toBe(ORIGIN);
    expect(result.length, label).toBeLessThanOrEqual(REDIRECT_MAX_LENGTH);
    // ASCII only: it goes into a Location header as it is.
    expect(/^[\x21-\x7e]*$/.test(result), label).toBe(true);
    if (MUST_REFUSE.has(label)) expect(result, label).toBe(FALLBACK);
  });

  it("prints its figures", () => {
    const escapes = HOSTILE.filter(([, input]) => followed(safeRedirect(input, FALLBACK)).origin !== ORIGIN);
    console.info(`[redirect table] ${HOSTILE.length} inputs, ${escapes.length} escapes`);
    expect(escapes).toEqual([]);
  });
});

describe("safeRedirect: same-origin paths", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/claim/mb-001?x=1#y", "/claim/mb-001?x=1#y"],
    ["/a/../b", "/b"],
    ["/./dashboard", "/dashboard"],
    ["/dashboard/./wardrobe", "/dashboard/wardrobe"],
    ["/x\\y", "/x/y"],
    ["/%2e%2e/dashboard", "/dashboard"],
    ["/dashboard?q=a b", "/dashboard?q=a%20b"],
    ["/blog/caf\u00e9", "/blog/caf%C3%A9"],
    ["/%2f%2fevil.example", "/%2f%2fevil.example"],
    ["/@evil.example", "/@evil.example"],
    ["/x?next=//evil.example", "/x?next=//evil.example"],
  ])("keeps %s as %s", (input, expected) => {
    expect(safeRedirect(input, FALLBACK)).toBe(expected);
  });

  it("keeps a path at the cap, and the fallback is what it says", () => {
    const long = `/${"a".repeat(REDIRECT_MAX_LENGTH - 1)}`;
    expect(safeRedirect(long, FALLBACK)).toBe(long);
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("//evil.example", "")).toBe("");
  });
});
