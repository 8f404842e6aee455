/**
 * Linksets (RFC 9264, `application/linkset+json`) as a GS1-conformant resolver answers them
 * (Resolver Standard 1.2 and its linkset schema; decision 0052): one link context per level of
 * the request URI up to the product (the garment, then its product), each anchored on the
 * uncompressed Digital Link, with `itemDescription`, its links keyed by the link type's full URI
 * in the GS1 Web Vocabulary, every link with href and title, and exactly one default link (href
 * and title only) that is also listed under a descriptive type. Dependency-free: the tap worker
 * builds them.
 */

export const GS1_VOC = "https://gs1.org/voc/";
export const LINKSET_TYPE = "application/linkset+json";
export const JSON_LD_TYPE = "application/ld+json";
export const LINKSET_CONTEXT = "https://ref.gs1.org/standards/resolver/linkset-context";

/** The link types we answer (GS1 Web Vocabulary 1.16). */
const LINK_TYPES = [
  "pip",
  "defaultLink",
  "instructions",
  "serviceInfo",
  "sustainabilityInfo",
  "registerProduct",
  "verificationService",
] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** The namespaces a GS1 link type may be written in (the vocabulary moved to ref.gs1.org). */
const NAMESPACES = [GS1_VOC, "https://ref.gs1.org/voc/", "https://www.gs1.org/voc/", "http://gs1.org/voc/"];

/**
 * `?linkType=` as asked: `linkset` (or the deprecated `all`), a GS1 link type as a CURIE
 * (`gs1:pip`) or a full URI, or a type we do not know (null: the resolver answers 404).
 */
export function readLinkType(value: string): LinkType | "linkset" | null {
  if (value === "linkset" || value === "all") return "linkset";
  const namespace = value.startsWith("gs1:") ? "gs1:" : NAMESPACES.find((ns) => value.startsWith(ns));
  if (namespace === undefined) return null;
  const term = value.slice(namespace.length);
  return (LINK_TYPES as readonly string[]).includes(term) ? (term as LinkType) : null;
}

type Link = {
  type: Exclude<LinkType, "defaultLink">;
  href: string;
  title: string;
  mediaType?: string;
  hreflang?: string[];
};
export type LinkLevel = {
  /** The level's uncompressed Digital Link. */
  anchor: string;
  itemDescription: string;
  links: Link[];
  /** Which of `links` is this level's default (its href). */
  defaultHref: string;
};

type LinkTarget = { href: string; title: string; type?: string; hreflang?: string[] };
type LinkContext = { anchor: string; itemDescription: string } & Record<string, LinkTarget[] | string>;

/** The linkset document for `levels` (most precise first). Throws when a level's default is not one of its links. */
export function buildLinkset(levels: LinkLevel[]): { linkset: LinkContext[] } {
  return {
    linkset: levels.map((level) => {
      const fallback = level.links.find((link) => link.href === level.defaultHref);
      if (!fallback) throw new Error(`No link of ${level.anchor} is its default`);
      const context: LinkContext = { anchor: level.anchor, itemDescription: level.itemDescription };
      for (const link of level.links) {
        const key = `${GS1_VOC}${link.type}`;
        const targets = (context[key] as LinkTarget[] | undefined) ?? [];
        targets.push({
          href: link.href,
          title: link.title,
          ...(link.mediaType && { type: link.mediaType }),
          ...(link.hreflang && { hreflang: link.hreflang }),
        });
        context[key] = targets;
      }
      context[`${GS1_VOC}defaultLink`] = [{ href: fallback.href, title: fallback.title }];
      return context;
    }),
  };
}

/** The link of `type` at the most precise level that has one, or null. */
export function findLink(levels: LinkLevel[], type: LinkType, mediaType?: string): { href: string } | null {
  for (const level of levels) {
    // Content negotiation (resolver 1.2): the default asked in a media type is the level's pip in it.
    const asked = type === "defaultLink" ? "pip" : type;
    const inType = mediaType
      ? level.links.find((candidate) => candidate.type === asked && candidate.mediaType === mediaType)
      : undefined;
    if (inType) return inType;
    if (type === "defaultLink") return { href: level.defaultHref };
    const link = level.links.find((candidate) => candidate.type === type);
    if (link) return link;
  }
  return null;
}

/** The `Link` header every resolver answer carries: where its linkset is. */
export const linksetHeader = (linksetUrl: string) => `<${linksetUrl}>; rel="linkset"; type="${LINKSET_TYPE}"`;

/** The `Link` header a linkset answer adds: the JSON-LD context that turns it into JSON-LD. */
export const linksetContextHeader = () =>
  `<${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`;
