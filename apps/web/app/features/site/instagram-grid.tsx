import { Artwork, artAlt } from "./artwork";
import type { InstagramTile } from "./instagram.server";

const SIZES = "(min-width: 1024px) 320px, (min-width: 640px) 33vw, 50vw";

/** The house's account: a name, the same in every language. */
const HANDLE = "@maisonreleve";

/** The Instagram-style grid (spec part 1 §2, §8): six square tiles, lazy, sizes reserved. */
export function InstagramGrid({ tiles, heading }: { tiles: InstagramTile[]; heading: string }) {
  return (
    <section aria-labelledby="instagram-heading" className="mx-auto max-w-6xl px-5 py-20 sm:py-28">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-xs uppercase tracking-[0.3em] text-gold">{HANDLE}</p>
          <h2 id="instagram-heading" className="mt-4 font-display text-3xl sm:text-4xl">
            {heading}
          </h2>
        </div>
      </div>
      <ul className="mt-10 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
        {tiles.map((tile) => {
          // A bundled picture's own description is said in the page's language; a post's caption as written.
          const alt = tile.art && tile.alt === tile.art.alt ? artAlt(tile.art) : tile.alt;
          const picture = tile.art ? (
            <Artwork spec={tile.art} alt={alt} sizes={SIZES} className="aspect-square" />
          ) : (
            <img
              src={tile.src}
              alt={alt}
              width={800}
              height={800}
              loading="lazy"
              decoding="async"
              className="aspect-square h-auto w-full bg-sand object-cover"
            />
          );
          return (
            <li key={tile.id} className="min-w-0">
              {tile.permalink ? (
                <a href={tile.permalink} rel="noopener noreferrer" className="block">
                  {picture}
                </a>
              ) : (
                picture
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
