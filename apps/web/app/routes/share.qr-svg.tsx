import { normalizeSlug } from "@releve/core/slug";
import type { LoaderFunctionArgs } from "react-router";
import { authDeps } from "../lib/auth-page.server";
import { qrSvg } from "../lib/qr.server";
import { loadShareCard } from "../lib/share-card.server";

/**
 * `GET /share/:slug/qr.svg`: the QR code of the share page, fetched only when a visitor opens
 * 'Save … contact or share this card' (the page's HTML stays small). Unshareable → plain 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const slug = normalizeSlug(params.slug);
  const card = slug ? await loadShareCard(authDeps(request, context).db, slug) : null;
  if (!card) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const svg = qrSvg(`${new URL(request.url).origin}/share/${slug}`, 5);
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
