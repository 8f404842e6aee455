/**
 * Which room may import which (issue #48, decision 0044): one table for the three trees cut
 * by room, and the reader that checks every import of their code against it
 * (`scripts/rooms.test.ts`, in the unit tier).
 *
 * A room is a folder of a tree; the tree's top-level files are its `platform` (in the web tree,
 * everything under `apps/web/app` outside `features/`: the shell). Every room may import its
 * tree's platform; beyond that, only the rooms its row names. The rows make no circle, so
 * neither can the imports, and core's platform imports no room at all.
 *
 * What is read: each `.ts`/`.tsx` file of a room (tests excepted: a test may reach across rooms,
 * as the text rule's test reads every room's contracts), each of its static, dynamic and
 * `export ... from` imports, relative or through the tree's own package
 * (`@releve/core/<room>/...` in core, `@releve/db/<room>/...` in db). An import of a lower
 * package (web of core, db or verbs; db of core) crosses the package line, which the house
 * rules already orient (decision 0025); it is not a room edge of the tree.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const ROOMS = [
  "accounts",
  "crm",
  "ownership",
  "passport",
  "platform",
  "qa",
  "sharing",
  "site",
  "tags",
  "tap",
  "wardrobe",
] as const;
export type Room = (typeof ROOMS)[number];
export type Tree = "web" | "core" | "db";
export type Table = { [T in Tree]: Partial<Record<Room, readonly Room[]>> };

/**
 * THE TABLE: for each tree, each room's row names the rooms (besides `platform`) it may import.
 * Read a row as "sits on". Web's `platform` has no row: the shell composes the rooms (routes.ts,
 * api/, root.tsx) and is not read.
 */
export const MAY_IMPORT: Table = {
  web: {
    accounts: ["sharing"],
    crm: ["accounts"],
    ownership: ["accounts", "crm"],
    passport: ["sharing", "wardrobe"],
    qa: ["accounts", "sharing"],
    sharing: [],
    site: ["sharing"],
    tags: ["accounts", "passport", "sharing", "wardrobe"],
    tap: [],
    wardrobe: ["accounts", "crm", "ownership", "sharing"],
  },
  core: {
    accounts: ["sharing"],
    crm: ["sharing"],
    ownership: [],
    passport: [],
    platform: [],
    qa: [],
    sharing: [],
    site: [],
    tags: ["passport", "sharing", "tap"],
    tap: [],
    // wardrobe/ownership.ts and wardrobe/transfer.ts re-export core ownership at their old paths.
    wardrobe: ["ownership", "tags"],
  },
  db: {
    accounts: ["ownership", "tags", "tap"],
    crm: ["tags", "tap"],
    ownership: ["tap", "wardrobe"],
    passport: [],
    platform: [],
    qa: ["tags", "tap", "wardrobe"],
    sharing: [],
    site: [],
    tags: ["passport", "tap"],
    tap: [],
    wardrobe: ["crm", "tap"],
  },
};

export const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");

/** Where each tree's rooms are; `shell` is the web tree's platform (outside the room folders). */
export const TREES: Record<Tree, { dir: string; pkg?: string; shell?: string }> = {
  web: { dir: "apps/web/app/features", shell: "apps/web/app" },
  core: { dir: "packages/core/src", pkg: "@releve/core" },
  db: { dir: "packages/db/src", pkg: "@releve/db" },
};

/** Top-level folders of a tree that hold test helpers and samples: not rooms, and no room's code imports them. */
const SUPPORT = new Set(["testing", "fixtures"]);

export type Edge = { tree: Tree; from: Room; to: Room | string; file: string; spec: string };
export type Report = { edges: Edge[]; violations: string[]; cycles: string[] };

const isTest = (name: string) => /\.test\.tsx?$/.test(name);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !isTest(name) ? [path] : [];
  });
}

/** Every module a file imports: `import ... from`, `export ... from`, `import "x"` and `import("x")`. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const re of [
    /^[ \t]*(?:import|export)\b[^;'"`]*?\bfrom\s*(["'])(.+?)\1/gm,
    /^[ \t]*import\s*(["'])(.+?)\1/gm,
    /\bimport\(\s*(["'])(.+?)\1\s*\)/g,
  ]) {
    for (const m of text.matchAll(re)) if (m[2]) found.push(m[2]);
  }
  return found;
}

/** A tree's package index (its front door for other packages) is read as the rooms it re-exports. */
function indexRooms(tree: Tree): string[] {
  const index = join(ROOT, TREES[tree].dir, "index.ts");
  if (!existsSync(index)) return ["platform"];
  const rooms = importsOf(readFileSync(index, "utf8")).map((spec) => roomAt(tree, resolve(dirname(index), spec)));
  return [...new Set(rooms)];
}

/** The room of a path in `tree` (a file or a module path without its extension). */
function roomAt(tree: Tree, path: string): string {
  const { dir, shell } = TREES[tree];
  const base = join(ROOT, dir);
  const rel = relative(base, path);
  if (rel.startsWith("..")) {
    if (shell && !relative(join(ROOT, shell), path).startsWith("..")) return "platform";
    return `outside ${tree} (${relative(ROOT, path)})`;
  }
  const [top, ...rest] = rel.split("/");
  if (!top || rest.length === 0) return "platform";
  if (SUPPORT.has(top)) return `test support (${top}/)`;
  return top;
}

/** The rooms an import names in the importer's tree; none when it crosses to another package. */
function targets(tree: Tree, file: string, spec: string): string[] {
  const pkg = TREES[tree].pkg;
  let path: string;
  if (spec.startsWith(".")) path = resolve(dirname(file), spec);
  else if (pkg && spec === pkg) return indexRooms(tree);
  else if (pkg && spec.startsWith(`${pkg}/`)) path = join(ROOT, TREES[tree].dir, spec.slice(pkg.length + 1));
  else return [];
  const base = join(ROOT, TREES[tree].dir);
  if (path === base || path === join(base, "index") || path === join(base, "index.ts")) return indexRooms(tree);
  return [roomAt(tree, path)];
}

/** The room-to-room imports of one file of `tree` (`file` absolute; none for platform, the index or test support). */
export function edgesOf(tree: Tree, file: string, text: string): Edge[] {
  const from = roomAt(tree, file);
  // The index only re-exports (see indexRooms); test support is read by tests only.
  if (file === join(ROOT, TREES[tree].dir, "index.ts") || !(ROOMS as readonly string[]).includes(from)) return [];
  const edges: Edge[] = [];
  for (const spec of importsOf(text)) {
    for (const to of targets(tree, file, spec)) {
      if (to !== from && to !== "platform")
        edges.push({ tree, from: from as Room, to, file: relative(ROOT, file), spec });
    }
  }
  return edges;
}

/** Every room-to-room import of a tree's code; `skip` leaves out files another test plants for a moment. */
export function roomEdges(tree: Tree, skip: (file: string) => boolean = () => false): Edge[] {
  return sources(join(ROOT, TREES[tree].dir))
    .filter((file) => !skip(relative(ROOT, file)))
    .flatMap((file) => edgesOf(tree, file, readFileSync(file, "utf8")));
}

/** The circles of a graph, each as its rooms in order with the first repeated at the end. */
export function findCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === "open") {
        // Told from its first room in alphabetical order, so one circle always reads the same.
        const ring = path.slice(path.indexOf(next));
        const start = ring.indexOf([...ring].sort()[0] ?? next);
        const cycle = [...ring.slice(start), ...ring.slice(0, start)];
        const key = cycle.join(",");
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...cycle, cycle[0] ?? next]);
        }
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

function graphOf(pairs: [string, string][]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [from, to] of pairs) graph.set(from, (graph.get(from) ?? new Set()).add(to));
  return graph;
}

/** The table's own faults: a row naming itself, platform or an unknown room, core's platform importing a room, a circle. */
export function checkTable(table: Table): string[] {
  const faults: string[] = [];
  for (const tree of Object.keys(TREES) as Tree[]) {
    const pairs: [string, string][] = [];
    for (const [from, rooms] of Object.entries(table[tree])) {
      for (const to of rooms ?? []) {
        if (to === from || to === "platform" || !(ROOMS as readonly string[]).includes(to))
          faults.push(`${tree}: the row of ${from} names ${to}`);
        pairs.push([from, to]);
      }
    }
    for (const cycle of findCycles(graphOf(pairs)))
      faults.push(`${tree}: the table has a circle ${cycle.join(" -> ")}`);
  }
  if ((table.core.platform ?? []).length > 0) faults.push("core: platform imports no room");
  return faults;
}

/**
 * Reads every tree and reports each import the table does not allow and each circle between
 * rooms. `extra` adds imports as if read (a test's own), `skip` leaves files out by path.
 */
export function checkRooms(options: { table?: Table; skip?: (file: string) => boolean; extra?: Edge[] } = {}): Report {
  const { table = MAY_IMPORT, skip, extra = [] } = options;
  const trees = Object.keys(TREES) as Tree[];
  const edges = [...trees.flatMap((tree) => roomEdges(tree, skip)), ...extra];
  const violations: string[] = [];
  for (const tree of trees) {
    const base = join(ROOT, TREES[tree].dir);
    for (const name of readdirSync(base)) {
      if (statSync(join(base, name)).isDirectory() && !SUPPORT.has(name) && !table[tree][name as Room])
        violations.push(`${tree}: the room ${name} has no row in the table (scripts/rooms.ts)`);
    }
  }
  for (const e of edges) {
    const row = table[e.tree][e.from];
    if (row && !(row as readonly string[]).includes(e.to))
      violations.push(`${e.tree}: ${e.from} may not import ${e.to}: ${e.file} imports "${e.spec}"`);
  }
  const cycles = trees.flatMap((tree) =>
    findCycles(graphOf(edges.filter((e) => e.tree === tree).map((e): [string, string] => [e.from, e.to]))).map(
      (cycle) => `${tree}: ${cycle.join(" -> ")}`,
    ),
  );
  return { edges, violations, cycles };
}
