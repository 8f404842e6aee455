/**
 * A garment's fixed choices, shared by the rooms that describe one (tags program it, passport
 * names its product, wardrobe registers it); tags/rules.ts re-exports them where they began.
 */

/** The spec's garment type choices (part 2 §5); a secure chip id carries the type's code. */
export const GARMENT_TYPES = ["Shirt", "Pants", "Dress", "Jacket", "Shoes", "Accessories", "Bag", "Hat"] as const;
export type GarmentType = (typeof GARMENT_TYPES)[number];

/** Spec part 2 §5: size choices. */
export const GARMENT_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
