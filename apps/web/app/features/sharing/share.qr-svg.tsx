import { normalizeSlug } from "@releve/core/tap/slug";
import type { LoaderFunctionArgs } from "react-router";
import { requestContext } from "../../request-context.server";
import { qrSvg } from "./qr.server";
import { hasCardWindow } from "./share.server";
import { closedDoor, loadShareCard } from "./share-card.server";

/**
 * `GET /share/:slug/qr.svg`: the QR code of the share page, fetched only when a visitor opens
 * 'Save … contact or share this card' (the page's HTML stays small). Unshareable → plain 404; a
 * secure garment outside its card window → the tap's 403 (issue #28).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const slug = normalizeSlug(params.slug);
  if (!slug) return closedDoor(false);
  const { db, env } = requestContext(request, context);
  const door = await loadShareCard(db, slug, { cardWindow: await hasCardWindow(request, env.SESSION_SECRET, slug) });
  if (!door.card) return closedDoor(door.refused);
  const svg = qrSvg(`${new URL(request.url).origin}/share/${slug}`, 5);
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
