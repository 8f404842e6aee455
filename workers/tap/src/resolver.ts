/**
 * The GS1-conformant resolver for our garments (issue #31, decision 0052): what a Digital Link
 * answers when it is asked a resolver's question rather than tapped. A linkset (RFC 9264) for
 * `?linkType=linkset` (or `all`) or `Accept: application/linkset+json`; a 307 to the link of
 * `?linkType=<type>`, 404 when the item has none; the product's default for `/01/<gtin>`. Every
 * answer is CORS-readable and points at its linkset. A plain GET of a garment's link is a tap
 * (index.ts), not handled here.
 */
import type { DigitalLink } from "@releve/core/passport/digital-link";
import { formatDigitalLink } from "@releve/core/passport/digital-link";
import {
  buildLinkset,
  findLink,
  GS1_VOC,
  JSON_LD_TYPE,
  LINKSET_CONTEXT,
  LINKSET_TYPE,
  type LinkLevel,
  type LinkType,
  linksetContextHeader,
  linksetHeader,
} from "@releve/core/passport/linkset";
import type { TapRoute } from "@releve/core/tap/rules";
import { SUN_PARAMS } from "@releve/core/tap/sun";
import type { ProductFacts } from "@releve/db/tap/product-facts";
import type { Tap } from "./tap";

/** On every resolver answer: any origin may read it, and the headers that carry its meaning. */
export const RESOLVER_CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Accept, Accept-Language",
  "Access-Control-Expose-Headers": "Link, Location",
} as const;

/** The URI a request's linkset is anchored on and found at: the garment's, else the product's. */
const anchorOf = (origin: string, link: DigitalLink) =>
  formatDigitalLink(origin, { gtin: link.gtin, serial: link.serial });

/** The `Link` header of every answer to a Digital Link. */
export const linkHeaderFor = (origin: string, link: DigitalLink) =>
  linksetHeader(`${anchorOf(origin, link)}?linkType=linkset`);

/** The product's level: its public page (the default), its care, its materials, its repair services. */
export function productLevel(origin: string, product: ProductFacts): LinkLevel {
  const page = `${origin}/product/${product.gtin}`;
  const links: LinkLevel["links"] = [
    { type: "pip", href: page, title: product.name, mediaType: "text/html", hreflang: ["en"] },
    {
      type: "pip",
      href: `${origin}/api/product/${product.gtin}`,
      title: `${product.name} (JSON-LD)`,
      mediaType: JSON_LD_TYPE,
    },
    {
      type: "instructions",
      href: `${page}#care`,
      title: "Care instructions",
      mediaType: "text/html",
      hreflang: ["en"],
    },
    {
      type: "sustainabilityInfo",
      href: `${page}#materials`,
      title: "Materials and recycled content",
      mediaType: "text/html",
      hreflang: ["en"],
    },
  ];
  if (product.servicesUrl)
    links.push({ type: "serviceInfo", href: product.servicesUrl, title: "Repair and care services" });
  return {
    anchor: formatDigitalLink(origin, { gtin: product.gtin }),
    itemDescription: product.name,
    links,
    defaultHref: page,
  };
}

/** One garment's level: its passport (the default) and, while it waits for an owner, its claim. */
export function itemLevel(origin: string, route: TapRoute, product: ProductFacts): LinkLevel {
  const passport = `${origin}/passport/${encodeURIComponent(route.slug)}`;
  const links: LinkLevel["links"] = [
    { type: "pip", href: passport, title: "About this piece", mediaType: "text/html", hreflang: ["en"] },
    {
      type: "pip",
      href: `${origin}/api/passport/${encodeURIComponent(route.slug)}`,
      title: "About this piece (JSON-LD)",
      mediaType: JSON_LD_TYPE,
    },
  ];
  if (route.status === "unclaimed" && !route.missing) {
    links.push({
      type: "registerProduct",
      href: `${origin}/t/${encodeURIComponent(route.slug)}`,
      title: "Claim this piece",
    });
  }
  return {
    anchor: formatDigitalLink(origin, { gtin: product.gtin, serial: route.slug }),
    itemDescription: `${product.name}, serial ${route.slug}`,
    links,
    defaultHref: passport,
  };
}

// Our own words and a secure tag's SUN parameters never go on to a link's target.
const KEPT_BACK = new Set<string>(["linkType", ...Object.values(SUN_PARAMS).flat()]);

/** Where `?linkType=` sends: the link's href with the rest of the request's query passed on (GS1 resolver 1.2). */
function redirectTarget(href: string, query: URLSearchParams): string {
  const passed = new URLSearchParams([...query].filter(([key]) => !KEPT_BACK.has(key)));
  if ([...passed].length === 0) return href;
  const [base, fragment] = href.split("#", 2);
  const joined = `${base}${base?.includes("?") ? "&" : "?"}${passed.toString()}`;
  return fragment === undefined ? joined : `${joined}#${fragment}`;
}

/** Whether the request asks for JSON-LD (and not a page first): the resolver then answers its JSON-LD link. */
export function acceptsJsonLd(request: Request): boolean {
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes(JSON_LD_TYPE) && !accept.includes("text/html");
}

/** Whether the request asks for a linkset by its Accept header. */
export const acceptsLinkset = (request: Request) => (request.headers.get("Accept") ?? "").includes(LINKSET_TYPE);

/** The linkset answer: 200, `application/linkset+json`, with the JSON-LD context that reads it as JSON-LD. */
export function linksetAnswer(tap: Tap, levels: LinkLevel[], link: string): Response {
  const response = new Response(JSON.stringify(buildLinkset(levels)), {
    status: 200,
    headers: { ...tap.headers, ...RESOLVER_CORS, "Content-Type": LINKSET_TYPE, Link: link, Vary: "Accept" },
  });
  response.headers.append("Link", linksetContextHeader());
  return response;
}

/**
 * A link of `type` (null: a type we do not know), 307 to it with the rest of the request's query,
 * or 404 when the levels have none.
 */
export function linkTypeAnswer(
  tap: Tap,
  levels: LinkLevel[],
  type: LinkType | null,
  link: string,
  mediaType?: string,
): Response {
  const found = type === null ? null : findLink(levels, type, mediaType);
  if (!found) return resolverError(tap, 404, "This item has no link of that type.", link);
  const location = redirectTarget(found.href, tap.url.searchParams);
  return new Response(null, {
    status: 307,
    headers: { ...tap.headers, ...RESOLVER_CORS, Location: location, Link: link, Vary: "Accept" },
  });
}

/** A resolver's refusal for a machine: the status and a one-line reason in plain text. */
export function resolverError(tap: Tap, status: 400 | 404, reason: string, link?: string): Response {
  return new Response(`${reason}\n`, {
    status,
    headers: {
      ...tap.headers,
      ...RESOLVER_CORS,
      "Content-Type": "text/plain; charset=UTF-8",
      ...(link && { Link: link }),
    },
  });
}

/** `/.well-known/gs1resolver`: what this resolver answers (GS1 resolver 1.2 description file). */
export function resolverDescription(tap: Tap): Response {
  const description = {
    name: "Relevé garment resolver",
    resolverRoot: tap.url.origin,
    supportedPrimaryKeys: ["01"],
    supportedLinkType: [{ namespace: GS1_VOC, prefix: "gs1:" }],
    linkTypeDefaultCanBeLinkset: false,
    jsonLdContextLocation: LINKSET_CONTEXT,
  };
  return new Response(JSON.stringify(description), {
    status: 200,
    headers: { ...tap.headers, ...RESOLVER_CORS, "Content-Type": "application/json" },
  });
}
