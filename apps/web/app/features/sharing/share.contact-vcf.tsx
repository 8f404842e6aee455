import { fileSlug } from "@releve/core/platform/csv";
import { shareCardVCard } from "@releve/core/sharing/vcard";
import { normalizeSlug } from "@releve/core/tap/slug";
import type { LoaderFunctionArgs } from "react-router";
import { requestContext } from "../../request-context.server";
import { hasCardWindow } from "./share.server";
import { closedDoor, loadShareCard } from "./share-card.server";

/**
 * A resource route: `GET /share/:slug/contact.vcf`, the owner's 'Save contact' card (issue 7,
 * item 5) with exactly the shared fields. Anything not shareable is one plain 404, so slugs
 * cannot be probed for sharing state; a secure garment outside its card window is the tap's 403.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const slug = normalizeSlug(params.slug);
  if (!slug) return closedDoor(false);
  const { db, env } = requestContext(request, context);
  const door = await loadShareCard(db, slug, { cardWindow: await hasCardWindow(request, env.SESSION_SECRET, slug) });
  if (!door.card) return closedDoor(door.refused);
  const { card } = door;
  return new Response(shareCardVCard(card), {
    headers: {
      "Content-Type": "text/vcard; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileSlug(card.name)}.vcf"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
