/**
 * A garment's labels in the reader's language (issue #34): shared by the rooms and pages that
 * show a piece (the wardrobe, the claim's sign-in, the dashboard); features/wardrobe/words.ts
 * re-exports them with the wardrobe's other words. Runs on the server and in the browser alike.
 */

import { GARMENT_TYPES } from "@releve/core/platform/garment-types";
import { type GarmentLike, garmentLabels } from "@releve/core/wardrobe/garment";
import { m } from "@releve/i18n/messages";

const TYPES: Record<(typeof GARMENT_TYPES)[number], () => string> = {
  Shirt: () => m.wardrobe_type_shirt(),
  Pants: () => m.wardrobe_type_pants(),
  Dress: () => m.wardrobe_type_dress(),
  Jacket: () => m.wardrobe_type_jacket(),
  Shoes: () => m.wardrobe_type_shoes(),
  Accessories: () => m.wardrobe_type_accessories(),
  Bag: () => m.wardrobe_type_bag(),
  Hat: () => m.wardrobe_type_hat(),
};

/** A garment type of the fixed list (GARMENT_TYPES) in the reader's language; any other as stored. */
export function typeWord(type: string): string {
  return (GARMENT_TYPES as readonly string[]).includes(type) ? TYPES[type as keyof typeof TYPES]() : type;
}

const given = (v: string | null | undefined) => Boolean(v?.trim());

/**
 * garmentLabels (spec part 1 §3) in the reader's language: what the brand or the owner gave is
 * shown as given (a type of the fixed list in the reader's words), a missing value as the
 * language says it ('Untitled Piece', 'Item', 'N/A' in English).
 */
export function garmentWords(g: GarmentLike) {
  const labels = garmentLabels(g);
  return {
    ...labels,
    name: given(g.name) || given(g.title) ? labels.name : m.wardrobe_untitled_piece(),
    type: given(g.garment_type) ? typeWord(labels.type) : m.wardrobe_item(),
    color: given(g.color) ? labels.color : m.wardrobe_not_available(),
    size: given(g.size) ? labels.size : m.wardrobe_not_available(),
  };
}
export type GarmentWords = ReturnType<typeof garmentWords>;
