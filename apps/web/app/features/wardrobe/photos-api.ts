import { AppError } from "@releve/core";
import { GarmentIdParamSchema } from "@releve/core/tags/contracts";
import {
  type GarmentPhoto,
  PHOTO_CARD_MAX_BYTES,
  PHOTO_CARD_MESSAGES,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  type PhotoProblem,
  photoUrl,
} from "@releve/core/wardrobe/photo";
import type { GarmentPhotoRow } from "@releve/db/wardrobe/queries";
import { actingAs } from "@releve/verbs/effects";
import { clearGarmentPhoto } from "@releve/verbs/wardrobe/clear-garment-photo";
import { setGarmentPhoto } from "@releve/verbs/wardrobe/set-garment-photo";
import { type SetGarmentPhotoCardOutcome, setGarmentPhotoCard } from "@releve/verbs/wardrobe/set-garment-photo-card";
import { showGarmentPhoto } from "@releve/verbs/wardrobe/show-garment-photo";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { ApiEnv } from "../../api/api-env";
import { jsonBody, validator } from "../../api/validation";
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

const cardProblem = (reason: keyof typeof PHOTO_CARD_MESSAGES) =>
  new AppError(reason === "no_photo" ? "conflict" : "bad_request", PHOTO_CARD_MESSAGES[reason], { reason });

/** A photo verb's refusal as the API answers it: 400 with the reason's message, nothing stored. */
export function photoRefused(reason: PhotoProblem | "too_wide" | "aspect"): AppError {
  return reason === "too_wide" || reason === "aspect" ? cardProblem(reason) : photoProblem(reason);
}

/** Reads the body of a card rendition's upload: at most PHOTO_CARD_MAX_BYTES. */
export const readCardBody = (request: Request) =>
  readPhotoBody(request, PHOTO_CARD_MAX_BYTES, () => cardProblem("too_large"));

/** The card verbs' outcome as the API answers it (both the owner's and the admin's route). */
export function cardAnswer(outcome: SetGarmentPhotoCardOutcome, notFound: () => AppError) {
  switch (outcome.code) {
    case "set":
      return { photo: toPhoto(outcome.row) };
    case "not_found":
      throw notFound();
    case "no_photo":
      throw cardProblem("no_photo");
    case "changed":
      throw new AppError("conflict", PHOTO_CARD_MESSAGES.changed);
    default:
      throw photoRefused(outcome.reason);
  }
}

const PhotoPublicBodySchema = z.strictObject({
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
  c.set("effects", actingAs(c.get("effects"), { kind: "client", id: user.userId }));
  await next();
});
photos.use("/:id/photo", signedIn);
photos.use("/:id/photo/card", signedIn);

const idParam = validator("param", GarmentIdParamSchema);

photos.put("/:id/photo", idParam, async (c) => {
  const outcome = await setGarmentPhoto(c.get("effects"), {
    garmentId: c.req.valid("param").id,
    by: { owner: c.get("owner").userId },
    read: () => readPhotoBody(c.req.raw),
  });
  if (outcome.code === "not_found") throw notFound();
  if (outcome.code === "refused") throw photoRefused(outcome.reason);
  return c.json({ photo: toPhoto(outcome.row) });
});

photos.delete("/:id/photo", idParam, async (c) => {
  const outcome = await clearGarmentPhoto(c.get("effects"), {
    garmentId: c.req.valid("param").id,
    by: { owner: c.get("owner").userId },
  });
  if (outcome.code === "not_found") throw notFound();
  return c.json({ photo: null });
});

// The card-size rendition of the garment's photo (decision 0039), uploaded after the photo.
photos.put("/:id/photo/card", idParam, async (c) => {
  const outcome = await setGarmentPhotoCard(c.get("effects"), {
    garmentId: c.req.valid("param").id,
    by: { owner: c.get("owner").userId },
    read: () => readCardBody(c.req.raw),
  });
  return c.json(cardAnswer(outcome, notFound));
});

photos.patch("/:id/photo", idParam, jsonBody(PhotoPublicBodySchema), async (c) => {
  const outcome = await showGarmentPhoto(c.get("effects"), {
    garmentId: c.req.valid("param").id,
    owner: c.get("owner").userId,
    show: c.req.valid("json").public,
  });
  if (outcome.code !== "set") {
    throw outcome.code === "not_found" ? notFound() : new AppError("conflict", PHOTO_CARD_MESSAGES.changed);
  }
  return c.json({ photo: toPhoto(outcome.row) });
});
