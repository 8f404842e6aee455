/**
 * Builds the admin remote (apps/admin) and copies it into the shell's static assets under
 * /admin-remote/ (apps/web/public/admin-remote, git-ignored), where the shell's /admin/*
 * pages load it in the browser (decision 0021). Runs before the shell's build and dev server.
 */
import { execFileSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./dev-vars";

const dist = join(ROOT, "apps/admin/dist");
const target = join(ROOT, "apps/web/public/admin-remote");

execFileSync("npx", ["vite", "build", "--logLevel", "warn"], {
  cwd: join(ROOT, "apps/admin"),
  stdio: ["ignore", "inherit", "inherit"],
});
rmSync(target, { recursive: true, force: true });
// The standalone page (index.html) and type bundles are for `npm run dev -w @releve/admin` only.
cpSync(dist, target, {
  recursive: true,
  filter: (source) => !/[/\\](index\.html|@mf-types[^/\\]*)$/.test(source),
});
console.log("Admin remote built into apps/web/public/admin-remote/");
