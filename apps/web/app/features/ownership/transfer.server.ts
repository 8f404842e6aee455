import { transferIdOf, transferPath, transferToken } from "@releve/core/ownership/transfer";
import type { WebEnv } from "../../env.server";

/**
 * Transfer links (issue #32) are signed with the server's session secret under their own label
 * (core ownership/transfer): rotating the secret kills every live link, as it ends every session.
 */
export const linkToken = (env: WebEnv, id: number) => transferToken(env.SESSION_SECRET, id);

/** The transfer a token names, or null for a forged, truncated or malformed one (a 404, before any query). */
export const transferIdFrom = (env: WebEnv, token: string | undefined) => transferIdOf(env.SESSION_SECRET, token);

/** The absolute URL of a transfer link, for the owner to copy or show as a QR code. */
export async function transferUrl(env: WebEnv, request: Request, id: number): Promise<string> {
  return `${new URL(request.url).origin}${transferPath(await linkToken(env, id))}`;
}
