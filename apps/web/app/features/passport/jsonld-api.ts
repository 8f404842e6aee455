/**
 * Passports as machine-readable data (issue #31): one garment's schema.org JSON-LD, what a
 * Digital Link answers to `Accept: application/ld+json` (through the resolver), and a
 * product's. Public data only: passportView reads nothing of any owner.
 */

import { isGtin14 } from "@releve/core/passport/gtin";
import { PRODUCT_MESSAGES } from "@releve/core/passport/product-rules";
import { normalizeSlug } from "@releve/core/tap/slug";
import { getPassport, getProductByGtin } from "@releve/db/passport/queries";
import { type Context, Hono } from "hono";
import type { ApiEnv } from "../../api/api-env";
import { passportView, productJsonLd, productView } from "./passport.server";

const JSON_LD_TYPE = "application/ld+json";

const jsonLdHeaders = {
  "Content-Type": `${JSON_LD_TYPE}; charset=utf-8`,
  // Public data, read by any registry or app: any origin, a minute in a shared cache.
  "Access-Control-Allow-Origin": "*",
  "Cache-Control": "public, max-age=60",
};

const notFoundLd = (c: Context<ApiEnv>, message: string) =>
  c.json({ error: { code: "not_found", message } }, 404, { "Access-Control-Allow-Origin": "*" });

/**
 * `/api/passport/<slug>` and `/api/product/<gtin>` (issue #31): the passport's and the product's
 * public data as schema.org JSON-LD. The resolver sends a Digital Link asked for
 * `application/ld+json` here (its JSON-LD `gs1:pip` link).
 */
export const passportJsonLd = new Hono<ApiEnv>();

passportJsonLd.get("/passport/:slug", async (c) => {
  const slug = normalizeSlug(c.req.param("slug"));
  const row = slug ? await getPassport(c.get("db"), slug) : undefined;
  if (!row?.garment_active) return notFoundLd(c, PRODUCT_MESSAGES.noPassport);
  const origin = new URL(c.req.url).origin;
  return c.body(JSON.stringify(productJsonLd(passportView(row, origin, false), origin)), 200, jsonLdHeaders);
});

passportJsonLd.get("/product/:gtin", async (c) => {
  const gtin = c.req.param("gtin");
  const row = isGtin14(gtin) ? await getProductByGtin(c.get("db"), gtin) : undefined;
  if (!row) return notFoundLd(c, PRODUCT_MESSAGES.noProduct);
  const origin = new URL(c.req.url).origin;
  return c.body(JSON.stringify(productJsonLd(productView(row, origin), origin)), 200, jsonLdHeaders);
});
