import type { MetaDescriptor } from "react-router";
import { artAlt } from "./artwork";
import { SOCIAL_CARD, SOCIAL_CARD_URL } from "./artwork-specs";

const SITE_NAME = "Relevé";

/**
 * Title, description, canonical URL, Open Graph and Twitter card for one public page. The
 * origin comes from the page's loader (the request), so previews and canonicals name the host
 * the page was served from.
 */
export function seo({
  title,
  description,
  origin,
  path,
  image = SOCIAL_CARD_URL,
  imageAlt = artAlt(SOCIAL_CARD),
  type = "website",
}: {
  title: string;
  description: string;
  origin: string;
  path: string;
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
}): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const imageUrl = `${origin}${image}`;
  const fullTitle = title === SITE_NAME ? title : `${title} · ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}

/** The public pages a search engine may list (sitemap.xml); articles are added from the blog. */
export const PUBLIC_PATHS = ["/", "/learn-more", "/blog", "/get-early-access", "/nfc-demo"] as const;
