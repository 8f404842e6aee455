import { LINK_TEST_RESULTS_KEPT, type LinkTestBody, type LinkTestResult } from "@releve/core/qa/tools";

type Viewer = LinkTestBody["viewer"];

/** One run as the link tester keeps it: a result, or the reason the test failed. */
export type LinkTestRun = { id: string; slug: string; viewer: Viewer } & (
  | { ok: true; result: LinkTestResult }
  | { ok: false; reason: string }
);

/** The runs after a new one: newest first, the last LINK_TEST_RESULTS_KEPT only. */
export const keepRun = (runs: readonly LinkTestRun[], run: LinkTestRun) =>
  [run, ...runs].slice(0, LINK_TEST_RESULTS_KEPT);

/** A run's heading: the slug and who asked. */
export const runTitle = (run: Pick<LinkTestRun, "slug" | "viewer">) =>
  `${run.slug} · ${run.viewer === "owner" ? "as owner" : "as visitor"}`;

/** The rules' viewer kinds: a visitor without an owner token is 'anonymous' to them. */
const VIEWER_LABELS = { owner: "Owner", visitor: "Visitor (signed in)", anonymous: "Visitor" } as const;
const ACTION_LABELS = { redirect: "Redirect", page: "Page", not_found: "Not found" } as const;
const SOURCE_LABELS = { memo: "Memo (this isolate)", kv: "KV", d1: "D1" } as const;

const yesNo = (value: boolean | null, none = "—") => (value === null ? none : value ? "Yes" : "No");

/** A result's fields, label and value, as the card lists them. */
export function resultRows(result: LinkTestResult): [string, string][] {
  const d = result.diagnosis;
  return [
    ["Found", yesNo(d.found)],
    ["Garment status", d.garmentStatus ?? "—"],
    ["Active", yesNo(d.active)],
    ["Viewer", d.viewer ? VIEWER_LABELS[d.viewer] : "—"],
    ["Action", `${ACTION_LABELS[d.action]} (${result.status})`],
    ["Target", d.target ?? (d.missing ? `Missing page (${d.missing})` : "—")],
    ["Answered from", d.source ? SOURCE_LABELS[d.source] : "No lookup (not a valid slug)"],
    ["Cache agrees with D1", yesNo(d.cacheAgrees, "No cached record")],
  ];
}
