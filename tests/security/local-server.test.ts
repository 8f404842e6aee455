import { cpSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import {
  abuseGroups,
  assetsOf,
  checkServes,
  describeReport,
  probeGroup,
  type Serving,
} from "../../scripts/probe-local-server";
import { serverURL } from "./support";

// Issue #17: the local server is the product for anyone trying it, so it stays up under abusive
// input. Each group of abusive requests (raw sockets, scripts/probe-local-server.ts) is sent to
// the suites' server (the same server `npm start` runs); every well-formed one must be answered below
// 500, and afterwards the pages and every kind of static file must still answer 200. Broken HTTP
// that Cloudflare's edge would refuse (bad request line, Host or framing) may get any answer from
// workerd itself, but must not hurt anyone else. Registrations and rows are untouched: nothing
// here is a valid form post. It sends requests only: it runs in Node with the other security
// suites, against their server (tests/security/server.ts, issue #47).

const WEB_BUILD = new URL("../../apps/web/build", import.meta.url).pathname;

const allServing = (serving: Serving) =>
  expect(
    serving.filter((s) => s.status !== 200),
    "what no longer serves",
  ).toEqual([]);

let assets: string[] = [];

beforeAll(async () => {
  const serving = await checkServes(serverURL());
  allServing(serving);
  assets = assetsOf(serving);
});

for (const name of abuseGroups("http://localhost").map((g) => g.name)) {
  test(`${name}: no 5xx to a valid request, and every page and asset still serves`, async () => {
    const origin = serverURL();
    const group = abuseGroups(origin, assets).find((g) => g.name === name);
    if (!group) throw new Error(`no group ${name}`);
    const report = await probeGroup(origin, group);
    console.log(describeReport(report));
    expect(report.failures, "valid requests answered 5xx, or not at all").toEqual([]);
    allServing(report.serving);
  });
}

test("a build replacing apps/web/build while the server runs leaves it serving", async () => {
  // What `npm run build` (or `npm test`) in another terminal does to the output folder: a new
  // folder in place of the one the server started from. The content is put back unchanged.
  const client = join(WEB_BUILD, "client");
  const moved = join(WEB_BUILD, `client-moved-${process.pid}`);
  renameSync(client, moved);
  try {
    cpSync(moved, client, { recursive: true });
  } catch (error) {
    rmSync(client, { recursive: true, force: true });
    renameSync(moved, client);
    throw error;
  }
  rmSync(moved, { recursive: true, force: true });
  allServing(await checkServes(serverURL()));
});
