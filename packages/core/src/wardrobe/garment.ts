/** Spec part 1 §3: how a garment's missing values read on screen. */
export interface GarmentLike {
  name?: string | null;
  title?: string | null;
  brand?: string | null;
  garment_type?: string | null;
  color?: string | null;
  size?: string | null;
}

export const BRAND_NAME = "Relevé";

export function garmentLabels(g: GarmentLike) {
  const clean = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
  return {
    name: clean(g.name) ?? clean(g.title) ?? "Untitled Piece",
    brand: clean(g.brand) ?? BRAND_NAME,
    type: clean(g.garment_type) ?? "Item",
    color: clean(g.color) ?? "N/A",
    size: clean(g.size) ?? "N/A",
  };
}

/** Spec part 1 §9: shirts and blouses, ensembles and jumpsuits, and everything else. */
export function garmentPhoto(g: GarmentLike): "detail" | "grid" | "collection" {
  const words = `${g.name ?? ""} ${g.title ?? ""} ${g.garment_type ?? ""}`.toLowerCase();
  if (/shirt|blouse/.test(words)) return "detail";
  if (/ensemble|jumpsuit/.test(words)) return "grid";
  return "collection";
}

/** Spec part 1 §8, Claim messages. */
export const CLAIM_MESSAGES = {
  authRequired: "Authentication required. Please sign in again.",
  trouble: "We’re having trouble claiming. Try again.",
  claimedByOther: "This garment has already been claimed by another user.",
  unexpected: "Unexpected response. Please try again.",
  timedOut: "Claim timed out. Please try again.",
  error: "An unexpected error occurred. Please try again.",
  notFound: "Garment not found",
} as const;

/** Spec part 1 §8, Registration screen: the owner's garments could not be loaded. */
export const GARMENTS_LOAD_FAILED = {
  title: "Error Loading Garments",
  text: "There was an issue loading your garments. Please try again.",
} as const;

export const CLAIM_TIMEOUT_MS = 10_000;
export const AUTO_CLAIM_DELAY_MS = 500;
