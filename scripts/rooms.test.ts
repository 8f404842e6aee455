/**
 * Rooms without circles (issue #48): every import between the rooms of web, core and db is one
 * the table in scripts/rooms.ts allows, and no room reaches back to itself through others. Each
 * check is proven to fail on a planted violation: a file is written into a room, the trees are
 * read again, and the file is removed.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkRooms, checkTable, edgesOf, findCycles, importsOf, MAY_IMPORT, ROOT, type Table } from "./rooms";

// scripts/house-rules.test.ts plants files for a moment, in rooms too, to prove its own rules.
const notOurs = (file: string) => /(^|\/)zz-house-rule[^/]*$/.test(file);

/** The report with `text` written at `path` (from the repository root), which is removed again. */
function withPlanted(path: string, text: string) {
  const file = join(ROOT, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  try {
    return checkRooms({ skip: notOurs });
  } finally {
    rmSync(file, { force: true });
  }
}

describe("the table (scripts/rooms.ts)", () => {
  it("names known rooms, makes no circle, and core's platform imports no room", () => {
    expect(checkTable(MAY_IMPORT)).toEqual([]);
    expect(MAY_IMPORT.core.platform).toEqual([]);
  });

  it("refuses a row that would close a circle", () => {
    const table: Table = { ...MAY_IMPORT, db: { ...MAY_IMPORT.db, passport: ["wardrobe"] } };
    expect(checkTable(table)).toContain("db: the table has a circle crm -> tags -> passport -> wardrobe -> crm");
    expect(checkTable({ ...MAY_IMPORT, core: { ...MAY_IMPORT.core, platform: ["crm"] } })).toContain(
      "core: platform imports no room",
    );
  });
});

describe("rooms without circles (issue #48)", () => {
  const report = checkRooms({ skip: notOurs });

  it("reads the rooms' imports", () => {
    // A reader that found nothing would pass everything.
    expect(report.edges.length).toBeGreaterThan(40);
    expect(report.edges).toContainEqual(
      expect.objectContaining({ tree: "web", from: "wardrobe", to: "ownership", file: expect.any(String) }),
    );
  });

  it("every import between rooms is one the table allows", () => {
    expect(report.violations).toEqual([]);
  });

  it("no room imports its way back to itself", () => {
    expect(report.cycles).toEqual([]);
  });
});

describe("the reader", () => {
  it("finds every kind of import, over several lines too, and no comment", () => {
    const text = [
      'import { a } from "./a";',
      "import type { B } from './b';",
      "import {",
      "  type C,",
      "  c,",
      '} from "../c/x";',
      'export * from "./d";',
      'export { e } from "@releve/core/e/x";',
      'import "./f.css";',
      'const g = await import("./g");',
      '// import { h } from "./h";',
      ' * import { i } from "./i";',
      'export const j = "from";',
    ].join("\n");
    expect(importsOf(text).sort()).toEqual(["../c/x", "./a", "./b", "./d", "./f.css", "./g", "@releve/core/e/x"]);
  });

  it("finds a circle", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c", "a"]]);
    expect(findCycles(new Map([["a", new Set(["b"])]]))).toEqual([]);
  });
});

describe("a planted violation fails the check", () => {
  it("core's platform importing a room (the old platform/csv.ts -> crm)", () => {
    const r = withPlanted(
      "packages/core/src/platform/zz-rooms-planted.ts",
      'import type { CrmContact } from "../crm/rules";\nexport type A = CrmContact;\n',
    );
    expect(r.violations).toContain(
      'core: platform may not import crm: packages/core/src/platform/zz-rooms-planted.ts imports "../crm/rules"',
    );
  });

  it("a room importing another through its own package's name", () => {
    // Read as if written, not planted: packages/core does not declare itself (package-hygiene.test.ts).
    const file = join(ROOT, "packages/core/src/passport/zz-rooms-planted.ts");
    const extra = edgesOf("core", file, 'import { TAG_MESSAGES } from "@releve/core/tags/rules";\n');
    expect(extra).toHaveLength(1);
    const r = checkRooms({ skip: notOurs, extra });
    expect(r.violations).toContain(
      'core: passport may not import tags: packages/core/src/passport/zz-rooms-planted.ts imports "@releve/core/tags/rules"',
    );
    expect(r.cycles).toContain("core: passport -> tags -> passport");
  });

  it("web: accounts importing wardrobe closes a circle (accounts <-> wardrobe)", () => {
    const r = withPlanted(
      "apps/web/app/features/accounts/zz-rooms-planted.ts",
      'import { garmentWords } from "../wardrobe/words";\nexport const a = garmentWords;\n',
    );
    expect(r.violations).toContain(
      'web: accounts may not import wardrobe: apps/web/app/features/accounts/zz-rooms-planted.ts imports "../wardrobe/words"',
    );
    expect(r.cycles).toContain("web: accounts -> wardrobe -> accounts");
  });

  it("db: passport importing wardrobe closes the old circle (tags -> passport -> wardrobe -> crm -> tags)", () => {
    const r = withPlanted(
      "packages/db/src/passport/zz-rooms-planted.ts",
      'import type { WardrobeGarment } from "../wardrobe/queries";\nexport type A = WardrobeGarment;\n',
    );
    expect(r.violations).toContain(
      'db: passport may not import wardrobe: packages/db/src/passport/zz-rooms-planted.ts imports "../wardrobe/queries"',
    );
    expect(r.cycles).toContain("db: crm -> tags -> passport -> wardrobe -> crm");
  });

  it("a room's code importing test support", () => {
    const r = withPlanted(
      "packages/db/src/tags/zz-rooms-planted.ts",
      'import { makeGarment } from "../testing/factories";\nexport const a = makeGarment;\n',
    );
    expect(r.violations).toContain(
      'db: tags may not import test support (testing/): packages/db/src/tags/zz-rooms-planted.ts imports "../testing/factories"',
    );
  });

  it("a room folder the table has no row for", () => {
    const dir = join(ROOT, "packages/db/src/zz-rooms-planted");
    try {
      const r = withPlanted("packages/db/src/zz-rooms-planted/queries.ts", "export const a = 1;\n");
      expect(r.violations).toContain("db: the room zz-rooms-planted has no row in the table (scripts/rooms.ts)");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
