/**
 * The photo verbs' own objects in R2 (issue #19, decisions 0037, 0039): a checked photo or
 * card rendition put under a new key, an object copied to a new key, and the new objects taken
 * back when the row change they were made for did not happen. Objects a change leaves behind are
 * not deleted here: the change's event's consumer does (wardrobe/drop-photo-objects.ts).
 */
import {
  inspectPhoto,
  newPhotoKey,
  PHOTO_CARD_EDGE,
  type PhotoProblem,
  photoKeyType,
  sameAspect,
} from "@releve/core/wardrobe/photo";
import type { PhotoObject } from "@releve/db/wardrobe/queries";
import type { PhotoBucket } from "../effects";

export type PutPhoto = { ok: true; photo: PhotoObject } | { ok: false; reason: PhotoProblem };

/** Checks `bytes` as a photo and puts it under a new key, its checked type as Content-Type. */
export async function putPhoto(photos: PhotoBucket, bytes: Uint8Array): Promise<PutPhoto> {
  const photo = inspectPhoto(bytes);
  if (!photo.ok) return { ok: false, reason: photo.reason };
  const key = newPhotoKey(photo.type);
  await photos.put(key, bytes, { httpMetadata: { contentType: photo.type } });
  return { ok: true, photo: { key, width: photo.width, height: photo.height } };
}

export type PutCard = { ok: true; key: string } | { ok: false; reason: PhotoProblem | "too_wide" | "aspect" };

/** Checks `bytes` as the card rendition of `photo` (at most PHOTO_CARD_EDGE a side, its aspect) and puts it. */
export async function putPhotoCard(
  photos: PhotoBucket,
  bytes: Uint8Array,
  photo: { width: number; height: number },
): Promise<PutCard> {
  const card = inspectPhoto(bytes);
  if (!card.ok) return { ok: false, reason: card.reason };
  if (card.width > PHOTO_CARD_EDGE || card.height > PHOTO_CARD_EDGE) return { ok: false, reason: "too_wide" };
  if (!sameAspect(photo, card)) return { ok: false, reason: "aspect" };
  const key = newPhotoKey(card.type);
  await photos.put(key, bytes, { httpMetadata: { contentType: card.type } });
  return { ok: true, key };
}

/** Copies a stored object to a new key of the same type: the new key, or null when it is gone. */
export async function copyPhotoObject(photos: PhotoBucket, key: string): Promise<string | null> {
  const type = photoKeyType(key);
  const object = type ? await photos.get(key) : null;
  if (!type || !object) return null;
  const copy = newPhotoKey(type);
  await photos.put(copy, await object.arrayBuffer(), { httpMetadata: { contentType: type } });
  return copy;
}

/**
 * Runs the row change `update` for objects just put under `keys`: when it finds nothing (null)
 * or fails, the objects are deleted again, so a refused change leaves nothing behind.
 */
export async function keepIfChanged<R>(
  photos: PhotoBucket,
  keys: (string | null)[],
  update: () => Promise<R | null>,
): Promise<R | null> {
  let result: R | null;
  try {
    result = await update();
  } catch (error) {
    await dropNew(photos, keys);
    throw error;
  }
  if (result === null) await dropNew(photos, keys);
  return result;
}

async function dropNew(photos: PhotoBucket, keys: (string | null)[]) {
  for (const key of keys) {
    if (!key) continue;
    // An orphan costs storage, not privacy: its key is unguessable and no row names it.
    await photos.delete(key).catch((error: unknown) => console.error(`[photos] could not delete ${key}`, error));
  }
}
