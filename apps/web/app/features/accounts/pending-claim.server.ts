import { redirect } from "react-router";
import type { WebEnv } from "../../env.server";
import { pendingClaimHeader, readPendingPath } from "../../lib/cookies.server";

/**
 * Spec part 1 §4: a garment the user was about to claim (or, issue #32, a transfer link they
 * were about to accept) comes before anywhere else. The redirect to its page (with `headers`),
 * or null when there is none. Signing in forgets
 * it on the way; the profile forms `keep` it, and the claim clears it once the garment is claimed.
 */
export async function pendingClaimRedirect(
  env: WebEnv,
  request: Request,
  init: { keep?: boolean; headers?: HeadersInit } = {},
): Promise<Response | null> {
  const pending = await readPendingPath(env, request);
  if (!pending) return null;
  const headers = new Headers(init.headers);
  if (!init.keep) headers.append("Set-Cookie", await pendingClaimHeader(env, request, null));
  return redirect(pending, { headers });
}
