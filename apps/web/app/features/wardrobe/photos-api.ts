import { AppError } from "@releve/core";
import { GarmentIdParamSchema } from "@releve/core/tags/contracts";
import {
  type GarmentPhoto,
  inspectPhoto,
  newPhotoKey,
  PHOTO_CARD_EDGE,
  PHOTO_CARD_MAX_BYTES,
  PHOTO_CARD_MESSAGES,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  type PhotoProblem,
  photoKeyType,
  photoUrl,
  sameAspect,
} from "@releve/core/wardrobe/photo";
import {
  clearOwnedGarmentPhoto,
  hideOwnedGarmentPhoto,
  setOwnedGarmentPhoto,
  setOwnedGarmentPhotoCard,
  setOwnedGarmentPhotoPublic,
} from "@releve/db/wardrobe/commands";
import { type GarmentPhotoRow, getOwnedGarmentPhoto, type PhotoObject } from "@releve/db/wardrobe/queries";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { ApiEnv } from "../../api/api-env";
import { jsonBody, validator } from "../../api/validation";
import type { WebEnv } from "../../env.server";
import { drainReader, OVERFLOW_DRAIN_LIMIT } from "../../lib/drain-body.server";
import { readSession, type SessionUser } from "../accounts/session.server";

/** A garment's photo as the API answers it: null when it has none. */
export function toPhoto(row: GarmentPhotoRow): GarmentPhoto | null {
  if (!row.photo_key || row.photo_width === null || row.photo_height === null) return null;
  return {
    url: photoUrl(row.photo_key),
    cardUrl: row.photo_card_key ? photoUrl(row.photo_card_key) : null,
    width: row.photo_width,
    height: row.photo_height,
    public: row.photo_public,
  };
}

const photoProblem = (reason: PhotoProblem) => new AppError("bad_request", PHOTO_MESSAGES[reason], { reason });

/**
 * The request body, read with a hard cap: a declared Content-Length over PHOTO_MAX_BYTES is
 * refused before anything is read, and a body without one (or lying in it) is counted while it
 * streams and refused the moment it passes the cap, so at most the cap is ever held in memory.
 */
export async function readPhotoBody(
  request: Request,
  maxBytes = PHOTO_MAX_BYTES,
  tooLarge = () => photoProblem("too_large"),
): Promise<Uint8Array> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  if (!request.body) throw photoProblem("empty");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // The rest is read (bounded) and dropped, as for any body answered unread.
      await drainReader(reader, OVERFLOW_DRAIN_LIMIT);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Checks the body as a photo and puts it in R2 under a new key, its checked type as the
 * object's Content-Type. A refused file throws 400 with the reason's message; nothing is stored.
 */
export async function storePhoto(env: WebEnv, request: Request): Promise<PhotoObject> {
  const bytes = await readPhotoBody(request);
  const photo = inspectPhoto(bytes);
  if (!photo.ok) throw photoProblem(photo.reason);
  const key = newPhotoKey(photo.type);
  await env.PHOTOS.put(key, bytes, { httpMetadata: { contentType: photo.type } });
  return { key, width: photo.width, height: photo.height };
}

const cardProblem = (reason: keyof typeof PHOTO_CARD_MESSAGES) =>
  new AppError(reason === "no_photo" ? "conflict" : "bad_request", PHOTO_CARD_MESSAGES[reason], { reason });

/**
 * Checks the body as the card-size rendition of `photo` (decision 0039): a photo by the same
 * checks, at most PHOTO_CARD_MAX_BYTES and PHOTO_CARD_EDGE a side, the photo's aspect ratio
 * within 2%; then puts it in R2 under a new key, which is returned. Refused: 400, nothing stored.
 */
export async function storePhotoCard(
  env: WebEnv,
  request: Request,
  photo: { width: number; height: number },
): Promise<string> {
  const bytes = await readPhotoBody(request, PHOTO_CARD_MAX_BYTES, () => cardProblem("too_large"));
  const card = inspectPhoto(bytes);
  if (!card.ok) throw photoProblem(card.reason);
  if (card.width > PHOTO_CARD_EDGE || card.height > PHOTO_CARD_EDGE) throw cardProblem("too_wide");
  if (!sameAspect(photo, card)) throw cardProblem("aspect");
  const key = newPhotoKey(card.type);
  await env.PHOTOS.put(key, bytes, { httpMetadata: { contentType: card.type } });
  return key;
}

/** The photo the garment has now, for its card rendition: 409 when it has none. */
export function currentPhoto(row: GarmentPhotoRow) {
  if (!row.photo_key || !row.photo_width || !row.photo_height) throw cardProblem("no_photo");
  return { key: row.photo_key, width: row.photo_width, height: row.photo_height };
}

/**
 * Stores the body as the card rendition of the garment's current photo, then runs `update`
 * with its key: when the update finds nothing (the garment or its photo changed meanwhile) or
 * fails, the new object is deleted again; once it is done, the previous card object goes.
 */
export async function replacePhotoCard<R>(
  env: WebEnv,
  request: Request,
  row: GarmentPhotoRow,
  update: (photoKey: string, cardKey: string) => Promise<{ row: R; previousKey: string | null } | null>,
): Promise<R | null> {
  const photo = currentPhoto(row);
  const cardKey = await storePhotoCard(env, request, photo);
  let result: Awaited<ReturnType<typeof update>>;
  try {
    result = await update(photo.key, cardKey);
  } catch (error) {
    await deletePhotoObject(env, cardKey);
    throw error;
  }
  if (!result) {
    await deletePhotoObject(env, cardKey);
    return null;
  }
  if (result.previousKey !== cardKey) await deletePhotoObject(env, result.previousKey);
  return result.row;
}

/** Deletes a photo's object; a failure is logged and the change stands (an orphan costs storage, not privacy: its URL is unguessable and no page names it). */
export async function deletePhotoObject(env: WebEnv, key: string | null) {
  if (!key) return;
  try {
    await env.PHOTOS.delete(key);
  } catch (error) {
    console.error(`[photos] could not delete ${key}`, error);
  }
}

/**
 * Stores the body as a photo, then runs `update` (the row change): when the update finds no
 * garment or fails, the new object is deleted again; once it is done, the old objects (the
 * photo and its card rendition) go.
 */
export async function replacePhoto<R>(
  env: WebEnv,
  request: Request,
  update: (
    photo: PhotoObject,
  ) => Promise<{ row: R; previousKey: string | null; previousCardKey: string | null } | null>,
): Promise<R | null> {
  const photo = await storePhoto(env, request);
  let result: Awaited<ReturnType<typeof update>>;
  try {
    result = await update(photo);
  } catch (error) {
    await deletePhotoObject(env, photo.key);
    throw error;
  }
  if (!result) {
    await deletePhotoObject(env, photo.key);
    return null;
  }
  if (result.previousKey !== photo.key) await deletePhotoObject(env, result.previousKey);
  // The old photo's card rendition goes with it (the row's card key was cleared in the same update).
  await deletePhotoObject(env, result.previousCardKey);
  return result.row;
}

export const PhotoPublicBodySchema = z.strictObject({
  public: z.boolean({ error: "public must be true or false." }),
});

const GARMENT_NOT_FOUND = "Garment not found";
const notFound = () => new AppError("not_found", GARMENT_NOT_FOUND);

type OwnerEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { owner: SessionUser } };

/**
 * `/api/garments/:id/photo`: the signed-in owner's photo of their garment (put, remove, show
 * on the share card or not). Anyone else's garment answers 404, as a missing one does.
 */
export const photos = new Hono<OwnerEnv>();

const signedIn = createMiddleware<OwnerEnv>(async (c, next) => {
  const { user } = await readSession(c.get("db"), c.req.raw);
  if (!user) throw new AppError("unauthorized", "Sign in to change your garment's photo.");
  c.set("owner", user);
  await next();
});
photos.use("/:id/photo", signedIn);
photos.use("/:id/photo/card", signedIn);

const idParam = validator("param", GarmentIdParamSchema);

photos.put("/:id/photo", idParam, async (c) => {
  const { id } = c.req.valid("param");
  const db = c.get("db");
  const userId = c.get("owner").userId;
  // Checked before the body is read: someone else's garment costs no upload and stores nothing.
  if (!(await getOwnedGarmentPhoto(db, id, userId))) throw notFound();
  const row = await replacePhoto(c.get("env"), c.req.raw, (photo) => setOwnedGarmentPhoto(db, id, userId, photo));
  if (!row) throw notFound();
  return c.json({ photo: toPhoto(row) });
});

photos.delete("/:id/photo", idParam, async (c) => {
  const { id } = c.req.valid("param");
  const cleared = await clearOwnedGarmentPhoto(c.get("db"), id, c.get("owner").userId);
  if (!cleared) throw notFound();
  await deletePhotoObject(c.get("env"), cleared.previousKey);
  await deletePhotoObject(c.get("env"), cleared.previousCardKey);
  return c.json({ photo: null });
});

// The card-size rendition of the garment's photo (decision 0039), uploaded after the photo.
photos.put("/:id/photo/card", idParam, async (c) => {
  const { id } = c.req.valid("param");
  const db = c.get("db");
  const userId = c.get("owner").userId;
  const current = await getOwnedGarmentPhoto(db, id, userId);
  if (!current) throw notFound();
  const row = await replacePhotoCard(c.get("env"), c.req.raw, current, (photoKey, cardKey) =>
    setOwnedGarmentPhotoCard(db, id, userId, photoKey, cardKey),
  );
  if (!row) throw new AppError("conflict", PHOTO_CARD_MESSAGES.changed);
  return c.json({ photo: toPhoto(row) });
});

photos.patch("/:id/photo", idParam, jsonBody(PhotoPublicBodySchema), async (c) => {
  const { id } = c.req.valid("param");
  const db = c.get("db");
  const userId = c.get("owner").userId;
  const show = c.req.valid("json").public;
  const current = await getOwnedGarmentPhoto(db, id, userId);
  if (!current) throw notFound();
  // Hiding a shown photo moves it to new keys: its old URLs (which caches may keep) answer 404.
  if (!show && current.photo_public && current.photo_key) {
    const row = await hidePhoto(c.get("env"), current, current.photo_key, (from, to) =>
      hideOwnedGarmentPhoto(db, id, userId, from, to),
    );
    if (!row) throw new AppError("conflict", PHOTO_CARD_MESSAGES.changed);
    return c.json({ photo: toPhoto(row) });
  }
  const row = await setOwnedGarmentPhotoPublic(db, id, userId, show);
  if (!row) throw notFound();
  return c.json({ photo: toPhoto(row) });
});

type Keys = { photoKey: string; cardKey: string | null };

/** Copies a stored object to a new key of the same type; the new key. */
async function copyPhotoObject(env: WebEnv, key: string): Promise<string> {
  const type = photoKeyType(key);
  const object = type ? await env.PHOTOS.get(key) : null;
  if (!type || !object) throw new AppError("conflict", PHOTO_CARD_MESSAGES.changed);
  const copy = newPhotoKey(type);
  await env.PHOTOS.put(copy, await object.arrayBuffer(), { httpMetadata: { contentType: type } });
  return copy;
}

/**
 * A shown photo hidden (issue #28): its objects copied to new keys, then the row (conditional on
 * still holding the old keys) pointed at them, then the old objects deleted, so the URLs that
 * visitors and caches saw answer 404. If the row update finds nothing or fails, the copies go.
 */
export async function hidePhoto<R>(
  env: WebEnv,
  row: GarmentPhotoRow,
  photoKey: string,
  update: (from: Keys, to: Keys) => Promise<R | null>,
): Promise<R | null> {
  const from = { photoKey, cardKey: row.photo_card_key };
  const to = { photoKey: await copyPhotoObject(env, photoKey), cardKey: null as string | null };
  let result: R | null;
  try {
    if (from.cardKey) to.cardKey = await copyPhotoObject(env, from.cardKey);
    result = await update(from, to);
  } catch (error) {
    await deletePhotoObject(env, to.photoKey);
    await deletePhotoObject(env, to.cardKey);
    throw error;
  }
  const stale = result ? from : to;
  await deletePhotoObject(env, stale.photoKey);
  await deletePhotoObject(env, stale.cardKey);
  return result;
}
