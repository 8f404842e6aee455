import { PRODUCT_MESSAGES } from "@releve/core/passport/product-rules";
import { normalizeSlug } from "@releve/core/tap/slug";
import { getPassport, ownershipChanges } from "@releve/db/passport/queries";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
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
  { title: loaderData ? m.passport_title_named({ name: loaderData.view.name }) : m.passport_title() },
  ...(loaderData ? [{ name: "description", content: m.passport_description({ name: loaderData.view.name }) }] : []),
];

/** Sent as plain HTML: no client script, CSS inline (decision 0020). */
export const handle: RouteHandle = { hydrate: false, alternates: true, noStaffLink: true };

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
  // The page in the reader's language; its JSON-LD in the API's (English), as /api/passport answers.
  const view = passportView(row, origin, verifiedHere, changes, currentLocale());
  const jsonLd = productJsonLd(passportView(row, origin, verifiedHere, changes), origin);
  return { view, jsonLd: scriptJson(jsonLd) };
}

/** A garment's passport (issue #31): its product, its authenticity and its provenance; no owner's data. */
export default function PassportRoute({ loaderData: { view, jsonLd } }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-md px-5 py-10">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: schema.org data, `<` escaped by scriptJson */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <p className="text-xs uppercase tracking-[0.18em] text-stone">{m.passport_title()}</p>
      <h1 className="mt-2 font-display text-4xl">{view.name}</h1>
      {view.authenticity === "verified" && (
        <p className="mt-4 inline-flex items-center gap-2 border border-emerald-800/40 px-3 py-1 text-xs uppercase tracking-[0.18em] text-emerald-800">
          <span aria-hidden>✓</span>
          {m.passport_verified_tap()}
        </p>
      )}
      {view.authenticity === "secure" && (
        <p className="mt-4 inline-flex border border-ink/20 px-3 py-1 text-xs uppercase tracking-[0.18em]">
          {m.passport_secure_tag()}
        </p>
      )}
      <section aria-labelledby="provenance-title" className="mt-6">
        <h2 id="provenance-title" className="sr-only">
          {m.passport_provenance()}
        </h2>
        <ul className="space-y-1 text-sm">
          {view.missing && <li className="font-medium text-red-800">{m.passport_reported_missing()}</li>}
          <li>{view.ownership.owned ? ownedSince(view.ownership.since) : m.passport_available()}</li>
          {view.owners > 0 && <li>{m.passport_owners({ count: view.owners })}</li>}
          {view.changes.map((month, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two changes may share a month; their order is their identity.
            <li key={i} className="text-stone">
              {m.passport_changed_hands({ month })}
            </li>
          ))}
          {view.programmed && <li className="text-stone">{m.passport_tag_programmed({ month: view.programmed })}</li>}
        </ul>
      </section>
      <ProductFacts view={view} />
      <footer className="mt-10 border-t border-ink/10 pt-6 text-xs text-stone">
        <p>{m.passport_gtin_serial({ gtin: view.gtin, serial: view.slug })}</p>
        {/* Issue #49: the piece's Digital Link named, not printed (a bare address reads as a fault). */}
        <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          <a href={view.itemLink} className="underline underline-offset-4">
            {m.passport_item_link()}
          </a>
          <a href={`/product/${view.gtin}`} className="underline underline-offset-4">
            {m.passport_about_model()}
          </a>
        </p>
      </footer>
    </article>
  );
}

const ownedSince = (since: string | null) => (since ? m.passport_owned_since({ month: since }) : m.passport_owned());

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{
        title: m.passport_no_passport(),
        text: m.passport_no_passport_text(),
        to: "/",
        label: m.tap_return_home(),
      }}
      failure={{ title: m.passport_load_failed(), text: m.passport_load_failed_text() }}
    />
  );
}
