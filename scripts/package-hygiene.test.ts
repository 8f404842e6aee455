/**
 * package.json hygiene (issue #15): every package a workspace's code imports is declared in
 * that workspace (runtime code in `dependencies`; tests, configs and `@types/*` may use
 * `devDependencies`, and tests the root's tooling), and every declared dependency is used.
 */

import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./dev-vars";

const WORKSPACES = [
  "apps/web",
  "apps/admin",
  "workers/tap",
  "workers/scan-jobs",
  "packages/core",
  "packages/db",
  "packages/ui",
  "packages/i18n",
];
const SKIP_DIRS = new Set(["node_modules", "dist", "build", "public", ".react-router", ".wrangler"]);
const BUILTINS = new Set(builtinModules);

type Pkg = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const readPkg = (dir: string): Pkg => JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8"));
const rootPkg = readPkg(".");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP_DIRS.has(name) ? [] : files(path);
    return /\.(ts|tsx|css)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Bare module specifiers a file imports (static, dynamic, `export from`, CSS `@import`). */
function imports(text: string): string[] {
  const found = new Set<string>();
  for (const re of [
    /\bfrom\s+["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /^\s*import\s+["']([^"']+)["']/gm,
    /@import\s+["']([^"']+)["']/g,
  ]) {
    for (const m of text.matchAll(re)) found.add(m[1] as string);
  }
  return [...found].filter((s) => !s.startsWith(".") && !s.startsWith("/"));
}

const packageOf = (spec: string) =>
  spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] as string);
const isPlatform = (spec: string) =>
  spec.startsWith("node:") ||
  spec.startsWith("cloudflare:") ||
  spec.startsWith("virtual:") ||
  BUILTINS.has(spec) ||
  spec.startsWith("~/") ||
  spec === "tailwindcss";
// Build-time inputs: tests, configs, the route config and CSS (compiled by the root's Vite/Tailwind),
// and a package's own build scripts (packages/i18n/scripts/compile.ts).
const isTestOrTooling = (path: string) =>
  /(\.test\.tsx?$|\/test\/|\/testing\/|\.config\.ts$|\/app\/routes\.ts$|\.css$|^packages\/[^/]+\/scripts\/)/.test(path);

describe.each(WORKSPACES)("%s/package.json", (dir) => {
  const pkg = readPkg(dir);
  const deps = Object.keys(pkg.dependencies ?? {});
  const devDeps = Object.keys(pkg.devDependencies ?? {});
  const used = new Map<string, string[]>();
  for (const file of files(join(ROOT, dir))) {
    for (const spec of imports(readFileSync(file, "utf8"))) {
      if (isPlatform(spec)) continue;
      const name = packageOf(spec);
      used.set(name, [...(used.get(name) ?? []), relative(ROOT, file)]);
    }
  }

  it("declares every package its code imports", () => {
    const missing: string[] = [];
    for (const [name, where] of used) {
      const runtime = where.filter((f) => !isTestOrTooling(f));
      if (runtime.length > 0 && !deps.includes(name) && !pkg.peerDependencies?.[name])
        missing.push(`${name} (${runtime[0]})`);
      else if (
        !deps.includes(name) &&
        !devDeps.includes(name) &&
        !pkg.peerDependencies?.[name] &&
        !rootPkg.devDependencies?.[name]
      )
        missing.push(`${name} (${where[0]})`);
    }
    expect(missing).toEqual([]);
  });

  it("uses every package it declares, and keeps types out of dependencies", () => {
    const unused = [...deps, ...devDeps].filter((name) => {
      if (name.startsWith("@types/")) return !used.has(name.slice("@types/".length).replace(/^(.+)__(.+)$/, "@$1/$2"));
      return !used.has(name);
    });
    expect(unused).toEqual([]);
    expect(deps.filter((name) => name.startsWith("@types/"))).toEqual([]);
    // A dependency only tests or configs import belongs in devDependencies.
    const testOnly = deps.filter((name) => (used.get(name) ?? []).every(isTestOrTooling) && used.has(name));
    expect(testOnly).toEqual([]);
  });
});
