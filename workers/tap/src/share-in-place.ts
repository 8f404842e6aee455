import { VERIFIED_TAP_HEADER } from "@releve/core/tap/verified-tap";
import { LOCALE_PARAM } from "@releve/i18n";
import { sourcedHeaders, type Tap } from "./tap";

/**
 * A visitor's tap answered with the share page itself (decision 0029): the shell renders
 * `/share/<slug>` (its D1 re-check and privacy rules, one renderer) and the tap sends that
 * document as its own answer, so the card costs one request instead of a 302 and a second.
 */

// What the shell reads to render this visitor's page: the cookies (session, owner token, a
// flash toast, the language cookie), the user agent (crawlers get the whole document at once),
// the visitor's languages (the card speaks theirs: issue #34), the client address
// and the ray id its logs carry. Nothing else crosses: no conditional or encoding headers, no
// prefetch or dry-run marks meant for the tap.
const FORWARDED = ["cookie", "user-agent", "accept-language", "cf-connecting-ip", "cf-ray"] as const;

/**
 * The shell's answer for `sharePath` (always `/share/<slug>`, never `/t/`: locally the shell
 * hands `/t/*` back to this worker), with the tap's own headers (and its `X-Tap-Source`) on top;
 * null when the tap should answer the 302 instead: the shell threw, answered 5xx, or redirected.
 * HEAD is forwarded as HEAD: the same status and headers as a GET, and no page is rendered.
 * `verifiedTap`: after a secure garment's tap verified (issue #21), the marker the tap signed
 * for the shell (`signVerifiedTap`), sent as VERIFIED_TAP_HEADER so the card says
 * 'Authenticated · verified tap'. Only this request carries it; the visitor never sees it.
 */
export async function shareInPlace(
  shell: Fetcher,
  tap: Tap,
  sharePath: string,
  verifiedTap?: string,
): Promise<Response | null> {
  const { request } = tap;
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (verifiedTap) headers.set(VERIFIED_TAP_HEADER, verifiedTap);
  const shareUrl = new URL(sharePath, request.url);
  // A link's own language (`?lang=`, issue #34) holds for the page it opens; a tap without one
  // (nearly all) parses nothing more.
  let target = shareUrl;
  if (request.url.includes(`${LOCALE_PARAM}=`)) {
    const lang = new URL(request.url).searchParams.get(LOCALE_PARAM);
    if (lang !== null) {
      target = new URL(shareUrl);
      target.searchParams.set(LOCALE_PARAM, lang);
    }
  }
  let page: Response;
  try {
    page = await shell.fetch(target, {
      method: request.method === "HEAD" ? "HEAD" : "GET",
      headers,
      redirect: "manual",
    });
  } catch (error) {
    console.error("[tap] the shell could not be reached; answered the 302", error);
    return null;
  }
  if (page.status >= 500 || (page.status >= 300 && page.status < 400)) {
    await page.body?.cancel();
    if (page.status >= 500) console.error(`[tap] the shell answered ${page.status}; answered the 302`);
    return null;
  }
  // The shell's headers stay (content type, its Set-Cookie: the same cookies the 302 path's
  // second request would have set on this origin); the tap's replace any of the same name.
  // The page names /share/<slug> as canonical in its HTML; the header says so for any client.
  const answer = new Headers(page.headers);
  for (const [name, value] of Object.entries(sourcedHeaders(tap))) answer.set(name, value);
  // Appended: a Digital Link's tap also carries its Link to the linkset (issue #31).
  answer.append("Link", `<${shareUrl.href}>; rel="canonical"`);
  return new Response(page.body, { status: page.status, headers: answer });
}
