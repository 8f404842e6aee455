import { isGtin14 } from "@releve/core/passport/gtin";
import { PRODUCT_MESSAGES } from "@releve/core/passport/product-rules";
import { getProductByGtin } from "@releve/db/passport/queries";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { data } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import type { RouteHandle } from "../../lib/document";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/product";
import { productJsonLd, productView, scriptJson } from "./passport.server";
import { ProductFacts } from "./product-facts";

const NO_PRODUCT = PRODUCT_MESSAGES.noProduct;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.view.name} · Relevé` : m.passport_product_title() },
];

/** Sent as plain HTML: no client script, CSS inline (decision 0020). */
export const handle: RouteHandle = { hydrate: false, alternates: true, noStaffLink: true };

// The same for everyone: a shared cache may keep it a few minutes.
export const headers = () => ({ "Cache-Control": "public, max-age=300" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = requestContext(request, context);
  const gtin = params.gtin ?? "";
  const row = isGtin14(gtin) ? await getProductByGtin(db, gtin) : undefined;
  if (!row) throw data(NO_PRODUCT, { status: 404 });
  const origin = new URL(request.url).origin;
  // The page in the reader's language; its JSON-LD in the API's (English), as /api/product answers.
  const view = productView(row, origin, currentLocale());
  return { view, jsonLd: scriptJson(productJsonLd(productView(row, origin), origin)) };
}

/** A product's public page (issue #31): what every piece of this model shares. */
export default function ProductRoute({ loaderData: { view, jsonLd } }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-md px-5 py-10">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: schema.org data, `<` escaped by scriptJson */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <p className="text-xs uppercase tracking-[0.18em] text-stone">Relevé{view.type ? ` · ${view.type}` : ""}</p>
      <h1 className="mt-2 font-display text-4xl">{view.name}</h1>
      <ProductFacts view={view} />
      <footer className="mt-10 border-t border-ink/10 pt-6 text-xs text-stone">
        <p>{m.passport_gtin({ gtin: view.gtin })}</p>
        <p className="mt-1 break-all">{view.digitalLink}</p>
      </footer>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{
        title: m.passport_no_product(),
        text: m.passport_no_product_text(),
        to: "/",
        label: m.tap_return_home(),
      }}
      failure={{ title: m.passport_product_load_failed(), text: m.passport_product_load_failed_text() }}
    />
  );
}
