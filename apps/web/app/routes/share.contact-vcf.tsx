import { fileSlug } from "@releve/core/csv";
import { normalizeSlug } from "@releve/core/slug";
import { shareCardVCard } from "@releve/core/vcard";
import type { LoaderFunctionArgs } from "react-router";
import { authDeps } from "../lib/auth-page.server";
import { loadShareCard } from "../lib/share-card.server";

const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/**
 * A resource route: `GET /share/:slug/contact.vcf`, the owner's 'Save contact' card (issue 7,
 * item 5) with exactly the shared fields. Anything not shareable is one plain 404, so slugs
 * cannot be probed for sharing state.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const slug = normalizeSlug(params.slug);
  if (!slug) return notFound();
  const card = await loadShareCard(authDeps(request, context).db, slug);
  if (!card) return notFound();
  return new Response(shareCardVCard(card), {
    headers: {
      "Content-Type": "text/vcard; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileSlug(card.name)}.vcf"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
