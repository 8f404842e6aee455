import type { Db } from "@releve/db";
import { listActivePosts } from "@releve/db/site/queries";
import { m } from "@releve/i18n/messages";
import { type ArtworkSpec, INSTAGRAM_TILES } from "./artwork-specs";

export interface InstagramTile {
  id: string;
  /** A generated picture when the post points at a bundled image, else the post's own URL. */
  art: ArtworkSpec | null;
  src: string;
  alt: string;
  permalink: string | null;
}

/** Spec part 1 §9: the grid shows six tiles, and six bundled images when the posts cannot load. */
const GRID_SIZE = 6;

const bundled = (url: string) => {
  const match = /^\/images\/instagram\/(\d+)\.jpg$/.exec(url);
  return match ? (INSTAGRAM_TILES[Number(match[1]) - 1] ?? null) : null;
};

const FALLBACK_TILES: InstagramTile[] = INSTAGRAM_TILES.map((art, i) => ({
  id: `bundled-${i + 1}`,
  art,
  src: `/images/${art.path}.jpg`,
  alt: art.alt,
  permalink: null,
}));

/**
 * The active posts in display order (managed in the admin's Instagram page), as tiles. A
 * failed query, or no active post, shows the bundled images instead of an empty grid.
 */
export async function loadInstagramTiles(db: Db): Promise<InstagramTile[]> {
  try {
    const results = await listActivePosts(db, GRID_SIZE);
    if (results.length === 0) return FALLBACK_TILES;
    return results.map((post) => {
      const art = bundled(post.image_url);
      return {
        id: String(post.id),
        art,
        src: post.image_url,
        alt: post.caption ?? art?.alt ?? m.site_instagram_post_alt(),
        permalink: post.permalink && /^https:\/\//.test(post.permalink) ? post.permalink : null,
      };
    });
  } catch (error) {
    console.error("[instagram] Failed to fetch Instagram posts", error);
    return FALLBACK_TILES;
  }
}
