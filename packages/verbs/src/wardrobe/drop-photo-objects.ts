import { findPhotoByKey } from "@releve/db/wardrobe/queries";
import type { Consumer } from "../platform/consumer";

/**
 * Photo objects a change left unreferenced (a replaced or cleared photo, a piece that changed
 * hands, a deleted account) are deleted from R2. No page serves them from the moment the change
 * committed (the photo route serves only a key a row names); this frees the storage. A key some
 * row names again (never, with random keys; but a replay must not harm) is kept.
 */
export const dropPhotoObjects: Consumer = {
  name: "photos.drop",
  types: [
    "account.deleted",
    "garment.transferred",
    "garment.released",
    "garment.photo_changed",
    "product.photo_changed",
  ],
  async run(effects, event) {
    const { photoKeys } = event.payload as { photoKeys?: unknown };
    if (!Array.isArray(photoKeys)) return;
    for (const key of photoKeys) {
      if (typeof key !== "string" || key === "") continue;
      if (await findPhotoByKey(effects.db, key)) continue;
      await effects.photos.delete(key);
    }
  },
};
