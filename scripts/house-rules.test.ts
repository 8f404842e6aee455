/**
 * The house rules of issue #15 (biome.json `overrides` -> noRestrictedImports), each proven to
 * fail on a deliberate violation: a file is written where the rule applies, linted with the
 * repo's own Biome config, and removed again.
 */
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./dev-vars";

const BIOME = join(ROOT, "node_modules/@biomejs/biome/bin/biome");

function lint(path: string, importLine: string): string {
  const file = join(ROOT, path);
  writeFileSync(file, `${importLine}\nexport const b = a;\n`);
  try {
    const r = spawnSync(process.execPath, [BIOME, "lint", "--max-diagnostics=5", file], {
      cwd: ROOT,
      encoding: "utf8",
    });
    return `${r.stdout}${r.stderr}`;
  } finally {
    rmSync(file, { force: true });
  }
}

const cases: [string, string, string, string][] = [
  [
    "packages never import apps",
    "packages/core/src/zz-house-rule.ts",
    'import { a } from "../../../apps/web/app/x";',
    "packages never import apps or workers",
  ],
  [
    "packages never import workers",
    "packages/db/src/zz-house-rule.ts",
    'import { a } from "@releve/tap/src/index";',
    "packages never import apps or workers",
  ],
  [
    "workers/tap imports only core and db",
    "workers/tap/src/zz-house-rule.ts",
    'import { a } from "@releve/ui";',
    "workers/tap imports only packages/core and packages/db",
  ],
  [
    "workers/tap never reaches another worker",
    "workers/tap/src/zz-house-rule.ts",
    'import { a } from "../../scan-jobs/src/index";',
    "workers/tap imports only packages/core and packages/db",
  ],
  [
    "apps/web never imports apps/admin source",
    "apps/web/app/lib/zz-house-rule.ts",
    'import { a } from "../../../admin/src/AdminApp";',
    "apps/web never imports apps/admin source",
  ],
  [
    "public routes never reach admin code",
    "apps/web/app/routes/zz-house-rule.tsx",
    'import { a } from "../admin/remote.client";',
    "public route modules never reach admin code",
  ],
  [
    "public routes never reach the QA room (admin tools)",
    "apps/web/app/routes/zz-house-rule.tsx",
    'import { a } from "../features/qa/api";',
    "public route modules never reach admin code",
  ],
  [
    "a public room's pages never reach admin code",
    "apps/web/app/features/wardrobe/zz-house-rule.tsx",
    'import { a } from "../tags/tags-api";',
    "public route modules never reach admin code",
  ],
  [
    "drizzle only in packages/db (an app)",
    "apps/web/app/lib/zz-house-rule.ts",
    'import { eq as a } from "drizzle-orm";',
    "drizzle is imported only in packages/db",
  ],
  [
    "drizzle only in packages/db (a worker)",
    "workers/scan-jobs/src/zz-house-rule.ts",
    'import { DrizzleQueryError as a } from "drizzle-orm";',
    "drizzle is imported only in packages/db",
  ],
  [
    "drizzle only in packages/db (a route, under the public-route rules)",
    "apps/web/app/routes/zz-house-rule.tsx",
    'import { sql as a } from "drizzle-orm";',
    "drizzle is imported only in packages/db",
  ],
  [
    "drizzle only in packages/db (core)",
    "packages/core/src/zz-house-rule.ts",
    'import { eq as a } from "drizzle-orm";',
    "drizzle is imported only in packages/db",
  ],
  [
    "only packages/db commands refresh the tap (an API handler)",
    "apps/web/app/api/admin/zz-house-rule.ts",
    'import { refreshTapRoute as a } from "@releve/db/tap/cache";',
    "only packages/db commands refresh the tap's records",
  ],
  [
    "only packages/db commands refresh the tap (a route)",
    "apps/web/app/routes/zz-house-rule.tsx",
    'import { keepOwnerTapTrue as a } from "@releve/db/tap/cache";',
    "only packages/db commands refresh the tap's records",
  ],
  [
    "only packages/db commands refresh the tap (the tap worker)",
    "workers/tap/src/zz-house-rule.ts",
    'import { refreshOwnerTapRoutes as a } from "@releve/db/tap/cache";',
    "only packages/db commands refresh the tap's records",
  ],
  [
    "drizzle only in packages/db (the verbs)",
    "packages/verbs/src/zz-house-rule.ts",
    'import { eq as a } from "drizzle-orm";',
    "drizzle is imported only in packages/db",
  ],
  [
    "apps never call the photo bucket (R2)",
    "apps/web/app/features/wardrobe/zz-house-rule.ts",
    'const a = (env: { PHOTOS: { delete(key: string): Promise<void> } }) => env.PHOTOS.delete("k");',
    "apps never call R2, Queue or mail bindings",
  ],
  [
    "apps never send to a queue",
    "apps/web/app/api/admin/zz-house-rule.ts",
    "const a = (c: { env: { ALERTS: { send(body: unknown): void } } }) => c.env.ALERTS.send({});",
    "apps never call R2, Queue or mail bindings",
  ],
  [
    "apps never call the mail binding",
    "apps/web/workers/zz-house-rule.ts",
    'const a = (env: { EMAIL: { send(m: string): void } }) => env.EMAIL.send("m");',
    "apps never call R2, Queue or mail bindings",
  ],
  [
    "apps never send mail through a sender",
    "apps/web/app/features/accounts/zz-house-rule.ts",
    'const a = (deps: { mail: { sender: { send(m: string): void } } }) => deps.mail.sender.send("m");',
    "apps never send mail",
  ],
  [
    "the tap worker never imports zod",
    "workers/tap/src/zz-house-rule.ts",
    'import { z as a } from "zod";',
    "the tap worker never imports zod",
  ],
];

describe("house rules in npm run check", () => {
  it.each(cases)("%s", (_name, path, importLine, message) => {
    expect(lint(path, importLine)).toContain(`House rule: ${message}`);
  });

  it("allow what the rules allow", () => {
    expect(lint("workers/tap/src/zz-house-rule.ts", 'import { a } from "@releve/core/tap/slug";')).not.toContain(
      "House rule",
    );
    expect(
      lint("apps/web/app/routes/admin.zz-house-rule.tsx", 'import { a } from "../admin/remote.client";'),
    ).not.toContain("House rule");
    // The tap reads its records anywhere; a test may refresh one on purpose; packages/db queries with drizzle.
    expect(
      lint("workers/tap/src/zz-house-rule.ts", 'import { getTapRoute as a } from "@releve/db/tap/cache";'),
    ).not.toContain("House rule");
    expect(
      lint("workers/tap/test/zz-house-rule.test.ts", 'import { refreshTapRoute as a } from "@releve/db/tap/cache";'),
    ).not.toContain("House rule");
    expect(lint("packages/db/src/zz-house-rule.ts", 'import { eq as a } from "drizzle-orm";')).not.toContain(
      "House rule",
    );
  });
});
