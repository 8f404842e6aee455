import {
  DRY_RUN_HEADER,
  DRY_RUN_RESULT_HEADER,
  type DryRunViewer,
  signDryRunToken,
  type TapDiagnosis,
} from "@releve/core/qa/dry-run";
import type { WebEnv } from "../../env.server";

/** The real tap's answer to a dry run: its status, Location and page, and its diagnosis (null when it gave none). */
export type DryRunAnswer = { status: number; location: string | null; diagnosis: TapDiagnosis | null; text: string };

/**
 * One request to the real tap worker over its service binding, as a dry run an admin asked for
 * (issue #20): the marker is a one-minute token only the QA routes mint, so the tap answers
 * exactly as it would a person, records no scan, and adds its diagnosis. Redirects are never
 * followed. The link tester, the URL suite and the e2e run all tap through here. The page is
 * read only when `readPage` is set (the e2e run looks at it); otherwise it is discarded.
 */
export async function dryRunTap(
  env: WebEnv,
  tap: { origin: string; slug: string; viewer: DryRunViewer; adminUserId: string; userAgent: string },
  { readPage = false } = {},
): Promise<DryRunAnswer> {
  const marker = await signDryRunToken(env.SESSION_SECRET, { viewer: tap.viewer, adminUserId: tap.adminUserId });
  const answer = await env.TAP.fetch(new URL(`/t/${encodeURIComponent(tap.slug)}`, tap.origin), {
    method: "GET",
    redirect: "manual",
    headers: { [DRY_RUN_HEADER]: marker, "User-Agent": tap.userAgent },
  });
  let text = "";
  if (readPage) text = await answer.text();
  else await answer.body?.cancel();
  const header = answer.headers.get(DRY_RUN_RESULT_HEADER);
  return {
    status: answer.status,
    location: answer.headers.get("Location"),
    diagnosis: header ? (JSON.parse(header) as TapDiagnosis) : null,
    text,
  };
}
