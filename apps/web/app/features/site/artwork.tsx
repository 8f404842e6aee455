import { m } from "@releve/i18n/messages";
import { preload } from "react-dom";
import { ARTWORK, type ArtworkSpec, INSTAGRAM_TILES, SOCIAL_CARD } from "./artwork-specs";

/**
 * Each picture's description in the page's language (issue #34). The specs keep the English one
 * (the image generator reads them); a spec this table does not know keeps its own.
 */
const ALT_SAID = new Map<string, () => string>([
  [ARTWORK.hero.path, m.site_art_hero],
  [ARTWORK.atelier.path, m.site_art_atelier],
  [ARTWORK.tag.path, m.site_art_tag],
  [ARTWORK.pleats.path, m.site_art_pleats],
  [ARTWORK.futureOfFashionTechnology.path, m.site_art_article_future],
  [ARTWORK.styleNetworkingEvents.path, m.site_art_article_evening],
  [ARTWORK.craftingConnection.path, m.site_art_article_atelier],
  ...[
    m.site_art_instagram_1,
    m.site_art_instagram_2,
    m.site_art_instagram_3,
    m.site_art_instagram_4,
    m.site_art_instagram_5,
    m.site_art_instagram_6,
  ].flatMap((say, i) => {
    const tile = INSTAGRAM_TILES[i];
    return tile ? [[tile.path, say] as const] : [];
  }),
  [SOCIAL_CARD.path, m.site_art_social_card],
]);

/** A picture's description, in the page's language. */
export const artAlt = (spec: Pick<ArtworkSpec, "path" | "alt">): string => ALT_SAID.get(spec.path)?.() ?? spec.alt;

/**
 * A responsive picture: WebP at every generated width (the browser picks by `sizes`), a JPEG
 * fallback, and the intrinsic width/height so the box is reserved before a byte arrives (CLS 0).
 * Lazy unless `priority` (the one above-the-fold image that may be the LCP): that one is also
 * preloaded from the <head> (React hoists the hint above the inline stylesheet), so its request
 * leaves as soon as the first bytes of the document arrive instead of after the body is parsed.
 */
export function Artwork({
  spec,
  sizes,
  priority = false,
  className = "",
  alt = artAlt(spec),
}: {
  spec: ArtworkSpec;
  sizes: string;
  priority?: boolean;
  className?: string;
  alt?: string;
}) {
  const srcSet = spec.widths.map((w) => `/images/${spec.path}-${w}.webp ${w}w`).join(", ");
  if (priority)
    preload(`/images/${spec.path}-${spec.widths[0]}.webp`, {
      as: "image",
      type: "image/webp",
      imageSrcSet: srcSet,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      <img
        src={`/images/${spec.path}.jpg`}
        alt={alt}
        width={spec.width}
        height={spec.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        className={`h-auto w-full bg-sand object-cover ${className}`}
      />
    </picture>
  );
}
