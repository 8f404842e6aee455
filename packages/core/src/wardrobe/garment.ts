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

export const CLAIM_TIMEOUT_MS = 10_000;
export const AUTO_CLAIM_DELAY_MS = 500;
