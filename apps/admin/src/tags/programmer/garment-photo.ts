import type { GarmentPhoto } from "@releve/core/wardrobe/photo";
import { uploadImage } from "../../upload";

/** The garment's photo (or, with "/card", its card-size rendition), uploaded; the photo as stored. */
async function uploadPhoto(
  garmentId: number,
  blob: Blob,
  onProgress: (percent: number) => void,
  path: "" | "/card" = "",
): Promise<GarmentPhoto> {
  const body = await uploadImage<{ photo: GarmentPhoto | null }>(
    `/api/admin/garments/${garmentId}/photo${path}`,
    blob,
    onProgress,
  );
  if (!body.photo) throw new Error("The photo could not be saved.");
  return body.photo;
}

/** A garment photo saved; `cardError` when its card-size copy was refused or lost (decision 0039). */
export type SavedGarmentPhoto = { photo: GarmentPhoto; cardError?: string };

/**
 * Uploads a resized photo (its progress reported), then its card-size copy for the share card.
 * A failure of the photo rejects; a failure of the copy keeps the photo (the card shows it) and
 * says why.
 */
export async function saveGarmentPhoto(
  garmentId: number,
  resized: { blob: Blob; card: { blob: Blob } },
  onProgress: (percent: number) => void,
): Promise<SavedGarmentPhoto> {
  const photo = await uploadPhoto(garmentId, resized.blob, onProgress);
  try {
    return { photo: await uploadPhoto(garmentId, resized.card.blob, () => {}, "/card") };
  } catch (error) {
    return { photo, cardError: error instanceof Error ? error.message : String(error) };
  }
}
