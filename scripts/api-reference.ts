/**
 * docs/api-reference.md, generated from the code: every route of the shell's Hono API with what
 * it validates (path parameters, query string, JSON body), read from the zod contracts its
 * validators carry (apps/web/app/api/validation.ts). `npm run docs:api` writes the file;
 * `scripts/api-reference.test.ts` fails when the committed file differs from what the code says.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { api } from "../apps/web/app/api/index";
import { contractOf } from "../apps/web/app/api/validation";
import { ROOT } from "./dev-vars";

export const REFERENCE = join(ROOT, "docs/api-reference.md");

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
};

/** One value's shape in a few words: "string, at most 120", "one of a, b", "integer 1-1000". */
function shape(s: JsonSchema): string {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const parts = [...new Set(alternatives.filter((a) => a.type !== "null").map(shape))];
    const nullable = alternatives.some((a) => a.type === "null");
    return `${parts.join(" or ")}${nullable ? " or null" : ""}`;
  }
  if (s.enum) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (s.const !== undefined) return JSON.stringify(s.const);
  const type = Array.isArray(s.type) ? s.type.filter((t) => t !== "null").join(" or ") : (s.type ?? "any");
  const bounds: string[] = [];
  if (s.format) bounds.push(s.format);
  if (s.minLength !== undefined && s.minLength > 0) bounds.push(`at least ${s.minLength}`);
  if (s.maxLength !== undefined) bounds.push(`at most ${s.maxLength}`);
  // A safe integer's own bounds say nothing a reader needs.
  if (s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER) bounds.push(`from ${s.minimum}`);
  if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) bounds.push(`to ${s.maximum}`);
  if (s.maxItems !== undefined) bounds.push(`at most ${s.maxItems} items`);
  if (type === "array" && s.items) return `list of ${shape(s.items)}${bounds.length ? ` (${bounds.join(", ")})` : ""}`;
  if (type === "object" && s.properties) return `{ ${fields(s).join("; ")} }`;
  return bounds.length ? `${type} (${bounds.join(", ")})` : type;
}

function fields(s: JsonSchema): string[] {
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(
    ([name, field]) => `\`${name}\`${required.has(name) ? "" : "?"}: ${shape(field)}`,
  );
}

const TARGETS = { param: "path", query: "query", json: "JSON body" } as const;

/** The reference as markdown, from the routes the shell's app holds now. */
export function apiReference(): string {
  // The API app itself, as the shell mounts it at /api: the shell's mount wraps each handler in
  // the API's error handler, which would hide the validators.
  const routes = new Map<string, string[]>();
  for (const route of api.routes) {
    if (route.method === "ALL") continue;
    const key = `${route.method} /api${route.path}`;
    const described = routes.get(key) ?? [];
    routes.set(key, described);
    const contract = contractOf(route.handler);
    if (!contract) continue;
    const schema = z.toJSONSchema(contract.schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    const target = TARGETS[contract.target as keyof typeof TARGETS] ?? contract.target;
    const list = schema.properties ? fields(schema) : [shape(schema)];
    described.push(`${target}: ${list.join("; ")}`);
  }
  const rows = [...routes.entries()]
    .sort(([a], [b]) => a.split(" ")[1]?.localeCompare(b.split(" ")[1] ?? "") || a.localeCompare(b))
    .map(([key, described]) => `| \`${key}\` | ${described.join("<br>").replaceAll("|", "\\|") || "—"} |`);
  return [
    "# API reference (generated)",
    "",
    "Every route of the shell's Hono API and what it validates, written by `npm run docs:api` from",
    "the zod contracts its validators carry (`apps/web/app/api/validation.ts`); a unit test fails",
    "when this file and the code disagree. `?` marks an optional field. What each route does, its",
    "answers and its errors: [api.md](api.md). Invalid input is a 400 with the first problem as",
    "`error.message` and the field errors as `error.details`.",
    "",
    "| route | validates |",
    "|---|---|",
    ...rows,
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(REFERENCE, apiReference());
  console.log(`wrote ${REFERENCE}`);
}
