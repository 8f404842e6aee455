/**
 * The site's imagery: original textile studies drawn by scripts/generate-images.ts (there is
 * no photography in the repository). One list drives both the generator and <Artwork>, so
 * every <img> knows its intrinsic size and the widths that exist on disk.
 */
type Weave = "silk" | "twill" | "pleats" | "suede" | "tag" | "leather" | "boucle";

export interface ArtworkSpec {
  /** File stem under /images/: `${path}-${width}.webp` and `.jpg` exist for every width. */
  path: string;
  width: number;
  height: number;
  widths: number[];
  alt: string;
  weave: Weave;
  /** Palette, darkest to lightest. */
  colors: string[];
  seed: number;
}

const art = (spec: ArtworkSpec) => spec;

export const ARTWORK = {
  hero: art({
    path: "art/ivory-silk",
    width: 1200,
    height: 1500,
    widths: [400, 600, 800, 1200],
    alt: "Ivory silk falling in soft folds, lit from the side",
    weave: "silk",
    colors: ["#b9a88f", "#e9dfcf", "#fbf8f3"],
    seed: 11,
  }),
  atelier: art({
    path: "art/charcoal-twill",
    width: 1200,
    height: 1500,
    widths: [400, 600, 800, 1200],
    alt: "Close view of a charcoal wool twill, the diagonal weave catching the light",
    weave: "twill",
    colors: ["#1d1b1a", "#3a3632", "#6d665d"],
    seed: 23,
  }),
  tag: art({
    path: "art/woven-label",
    width: 1200,
    height: 900,
    widths: [400, 800, 1200],
    alt: "A woven Relevé label stitched into linen, with the rings of its NFC tag embroidered in gold",
    weave: "tag",
    colors: ["#8c6a3f", "#e6dccb", "#f6f1e8"],
    seed: 37,
  }),
  pleats: art({
    path: "art/midnight-pleats",
    width: 1200,
    height: 900,
    widths: [400, 800, 1200],
    alt: "Knife pleats in midnight crêpe, a line of light along each fold",
    weave: "pleats",
    colors: ["#0f1422", "#24304a", "#5b6a8a"],
    seed: 41,
  }),
  futureOfFashionTechnology: art({
    path: "art/article-future",
    width: 1200,
    height: 750,
    widths: [400, 800, 1000, 1200],
    alt: "Gold rings of an NFC antenna embroidered onto ivory linen",
    weave: "tag",
    colors: ["#7a5a33", "#ddd0bb", "#f3ede2"],
    seed: 53,
  }),
  styleNetworkingEvents: art({
    path: "art/article-evening",
    width: 1200,
    height: 750,
    widths: [400, 800, 1000, 1200],
    alt: "Burgundy silk satin in deep evening folds",
    weave: "silk",
    colors: ["#2a0f14", "#5e2430", "#a35a63"],
    seed: 67,
  }),
  craftingConnection: art({
    path: "art/article-atelier",
    width: 1200,
    height: 750,
    widths: [400, 800, 1000, 1200],
    alt: "Undyed bouclé wool, its looped yarn seen up close",
    weave: "boucle",
    colors: ["#8f8372", "#cfc4b3", "#efe8dc"],
    seed: 71,
  }),
} satisfies Record<string, ArtworkSpec>;

export type ArtworkName = keyof typeof ARTWORK;

/**
 * The six bundled Instagram-style tiles (spec part 1 §8: six fallback images). The seed's
 * instagram_posts rows point at `/images/instagram/N.jpg`; `N-400.webp` and `N-800.webp` sit beside it.
 */
export const INSTAGRAM_TILES: ArtworkSpec[] = [
  {
    path: "instagram/1",
    width: 800,
    height: 800,
    widths: [400, 800],
    alt: "Merino wool twill in warm grey",
    weave: "twill",
    colors: ["#3b3835", "#6a645c", "#a49b8e"],
    seed: 101,
  },
  {
    path: "instagram/2",
    width: 800,
    height: 800,
    widths: [400, 800],
    alt: "Ivory silk shirting in loose folds",
    weave: "silk",
    colors: ["#c3b59f", "#ece4d6", "#fdfbf7"],
    seed: 102,
  },
  {
    path: "instagram/3",
    width: 800,
    height: 800,
    widths: [400, 800],
    alt: "Pleated black crêpe backstage, a stripe of light across it",
    weave: "pleats",
    colors: ["#0c0b0a", "#26221f", "#5a534b"],
    seed: 103,
  },
  {
    path: "instagram/4",
    width: 800,
    height: 800,
    widths: [400, 800],
    alt: "A woven label with gold NFC rings stitched into sand linen",
    weave: "tag",
    colors: ["#8c6a3f", "#e3d8c5", "#f4eee4"],
    seed: 104,
  },
  {
    path: "instagram/5",
    width: 800,
    height: 800,
    widths: [400, 800],
    alt: "Cognac suede, its soft nap brushed in one direction",
    weave: "suede",
    colors: ["#5a3318", "#8a5529", "#b57a43"],
    seed: 105,
  },
  {
    path: "instagram/6",
    width: 800,
    height: 800,
    widths: [400, 800],
    alt: "Grained burgundy leather with a hand-stitched seam",
    weave: "leather",
    colors: ["#2b1013", "#4e1d23", "#7d3a40"],
    seed: 106,
  },
];

/** The Open Graph / Twitter card image (1200x630, JPEG: every crawler reads it). */
export const SOCIAL_CARD = {
  path: "og/releve",
  width: 1200,
  height: 630,
  widths: [1200],
  alt: "Relevé: couture that connects",
  weave: "silk",
  colors: ["#9c8a70", "#e4d9c7", "#f8f4ed"],
  seed: 7,
} satisfies ArtworkSpec;

export const SOCIAL_CARD_URL = `/images/${SOCIAL_CARD.path}.jpg`;
