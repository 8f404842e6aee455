/**
 * Issue #34: no words a person reads are written in a component; they live in the messages
 * (packages/i18n/messages), where each has its French. This walks every component of the shell
 * (apps/web/app/**.tsx) with Babel's parser and fails on JSX text with a word in it, on a
 * user-visible attribute given a literal (aria-label, alt, title, placeholder, label…), and
 * on a literal given to a text-like property of an object (text, title, label, description…).
 *
 * ENGLISH_ONLY: the staff's pages (the admin portal may stay English, README), the QA tools and
 * the local outbox.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "@babel/parser";
import { describe, expect, it } from "vitest";
import { ROOT } from "./dev-vars";

const APP = join(ROOT, "apps/web/app");

const ENGLISH_ONLY = new Set([
  "routes/admin.index.tsx",
  "routes/admin.login.tsx",
  "routes/admin.page.tsx",
  "routes/admin.tsx",
  "routes/dev.outbox.tsx",
  "features/tags/batch-qr.tsx",
  "features/qa/e2e-tests.tsx",
  "features/qa/qa-page.tsx",
  "features/qa/test-garment.tsx",
  "features/qa/test-urls.tsx",
]);

/** Attributes a person reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "alt",
  "title",
  "placeholder",
  "label",
  "busyLabel",
  "submitLabel",
  "description",
  "hint",
  "text",
  "confirmLabel",
  "cancelLabel",
]);
/** Object properties that carry words to a page. */
const VISIBLE_PROPERTIES = new Set(["text", "title", "label", "description", "hint", "heading", "body", "summary"]);

/** Words: two letters in a row. The wordmark RELEVÉ and the brand's name are not translated. */
const hasWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/RELEVÉ|Relevé/g, ""));

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

function literalText(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === "StringLiteral") return node.value as string;
  if (node.type === "TemplateLiteral") {
    return (node.quasis as Array<{ value: { cooked: string } }>).map((q) => q.value.cooked).join(" ");
  }
  if (node.type === "JSXExpressionContainer") return literalText(node.expression);
  return null;
}

/** Every user-visible literal in a component's source, as `line: text`. */
function visibleLiterals(source: string): string[] {
  const ast = parse(source, { sourceType: "module", plugins: ["jsx", "typescript"] });
  const found: string[] = [];
  const at = (node: Node, text: string) =>
    found.push(`${(node.loc as { start: { line: number } }).start.line}: ${text.trim().slice(0, 80)}`);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === "JSXText" && hasWords(node.value as string)) at(node, node.value as string);
    if (node.type === "JSXAttribute") {
      const name = (node.name as { name: string }).name;
      const text = literalText(node.value);
      if (VISIBLE_ATTRIBUTES.has(name) && text !== null && hasWords(text)) at(node, `${name}=${text}`);
    }
    if (node.type === "ObjectProperty") {
      const key = node.key as Node;
      const name = key.type === "Identifier" ? (key.name as string) : literalText(key);
      const text = literalText(node.value);
      if (name && VISIBLE_PROPERTIES.has(name) && text !== null && hasWords(text)) at(node, `${name}: ${text}`);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== "loc" && key !== "start" && key !== "end" && typeof value === "object") walk(value);
    }
  };
  walk(ast.program);
  return found;
}

function components(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return components(path);
    return name.endsWith(".tsx") && !name.endsWith(".test.tsx") ? [relative(APP, path)] : [];
  });
}

describe("words live in the messages, in every language (issue #34)", () => {
  const files = components(APP).filter((file) => !ENGLISH_ONLY.has(file));

  it("finds what it is meant to find", () => {
    const sample = `export const X = () => (<p title="Hello there" aria-label={\`Card of \${n}\`}>Welcome <b>{m.x()}</b> · RELEVÉ</p>);
      const fields = [{ label: "First Name", name: "first_name" }, { text: m.y() }];`;
    expect(visibleLiterals(sample)).toEqual([
      "1: title=Hello there",
      "1: aria-label=Card of",
      "1: Welcome",
      "2: label: First Name",
    ]);
  });

  it("no component but the staff's writes words of its own", () => {
    const offenders = files.flatMap((file) =>
      visibleLiterals(readFileSync(join(APP, file), "utf8")).map((hit) => `${file}:${hit}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the staff's list names components that exist", () => {
    const all = new Set(components(APP));
    expect([...ENGLISH_ONLY].filter((file) => !all.has(file))).toEqual([]);
  });
});
