import { PRODUCT_MESSAGES } from "@releve/core/passport/product-rules";
import { normalizeSlug } from "@releve/core/tap/slug";
import { getPassport, ownershipChanges } from "@releve/db/passport/queries";
import { data } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import type { RouteHandle } from "../../lib/document";
import { requestContext } from "../../request-context.server";
import { hasCardWindow } from "../sharing/share.server";
import type { Route } from "./+types/passport";
import { passportView, productJsonLd, scriptJson } from "./passport.server";
import { ProductFacts } from "./product-facts";

const NO_PASSPORT = PRODUCT_MESSAGES.noPassport;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.view.name} · Passport · Relevé` : "Passport · Relevé" },
  ...(loaderData ? [{ name: "description", content: `The passport of a ${loaderData.view.name} by Relevé.` }] : []),
];

/** Sent as plain HTML: no client script, CSS inline (decision 0020). */
export const handle: RouteHandle = { hydrate: false, alternates: true };

// 'Verified tap' depends on this browser's cookie: never shared by a cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env } = requestContext(request, context);
  const slug = normalizeSlug(params.slug);
  const row = slug ? await getPassport(db, slug) : undefined;
  if (!slug || !row?.garment_active) throw data(NO_PASSPORT, { status: 404 });
  const origin = new URL(request.url).origin;
  const verifiedHere = row.sun_key_version !== null && (await hasCardWindow(request, env.SESSION_SECRET, slug));
  const changes = row.owners > 1 ? await ownershipChanges(db, row.garment_id) : [];
  const view = passportView(row, origin, verifiedHere, changes);
  return { view, jsonLd: scriptJson(productJsonLd(view, origin)) };
}

/** A garment's passport (issue #31): its product, its authenticity and its provenance; no owner's data. */
export default function PassportRoute({ loaderData: { view, jsonLd } }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-md px-5 py-10">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: schema.org data, `<` escaped by scriptJson */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <p className="text-xs uppercase tracking-[0.18em] text-stone">Passport · Relevé</p>
      <h1 className="mt-2 font-display text-4xl">{view.name}</h1>
      {view.authenticity === "verified" && (
        <p className="mt-4 inline-flex items-center gap-2 border border-emerald-800/40 px-3 py-1 text-xs uppercase tracking-[0.18em] text-emerald-800">
          <span aria-hidden>✓</span>
          Verified tap
        </p>
      )}
      {view.authenticity === "secure" && (
        <p className="mt-4 inline-flex border border-ink/20 px-3 py-1 text-xs uppercase tracking-[0.18em]">
          Secure tag
        </p>
      )}
      <section aria-labelledby="provenance-title" className="mt-6">
        <h2 id="provenance-title" className="sr-only">
          Provenance
        </h2>
        <ul className="space-y-1 text-sm">
          {view.missing && <li className="font-medium text-red-800">Reported missing</li>}
          <li>{view.ownership.owned ? ownedSince(view.ownership.since) : "Available to claim"}</li>
          {view.owners > 0 && <li>{view.owners === 1 ? "1 owner" : `${view.owners} owners`}</li>}
          {view.changes.map((month, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two changes may share a month; their order is their identity.
            <li key={i} className="text-stone">
              Changed hands {month}
            </li>
          ))}
          {view.programmed && <li className="text-stone">Tag programmed {view.programmed}</li>}
        </ul>
      </section>
      <ProductFacts view={view} />
      <footer className="mt-10 border-t border-ink/10 pt-6 text-xs text-stone">
        <p>
          GTIN {view.gtin} · Serial {view.slug}
        </p>
        <p className="mt-1 break-all">{view.itemLink}</p>
        <a href={`/product/${view.gtin}`} className="mt-3 inline-block underline underline-offset-4">
          About this model
        </a>
      </footer>
    </article>
  );
}

const ownedSince = (since: string | null) => (since ? `In a private wardrobe since ${since}` : "In a private wardrobe");

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{
        title: NO_PASSPORT,
        text: "Check the link on the garment's tag, or ask the house.",
        to: "/",
        label: "Return to Home",
      }}
      failure={{ title: "Failed to load the passport", text: "The passport could not be loaded. Please try again." }}
    />
  );
}
