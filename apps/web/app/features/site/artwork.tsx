import { preload } from "react-dom";
import type { ArtworkSpec } from "./artwork-specs";

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
  alt = spec.alt,
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
