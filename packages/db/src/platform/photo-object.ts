/**
 * A stored photo: its R2 key and the image's pixel size. Garments (wardrobe) and products
 * (passport) both keep one; wardrobe/queries.ts re-exports it where it began.
 */
export type PhotoObject = { key: string; width: number; height: number };
