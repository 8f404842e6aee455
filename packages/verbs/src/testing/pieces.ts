/**
 * Test pieces for the verbs: a claim through the claim verb, an owner's claimed garment (a photo in
 * R2 when asked), a staff member.
 */
import { env } from "cloudflare:workers";
import { newPhotoKey } from "@releve/core/wardrobe/photo";
import type { Db } from "@releve/db";
import { garments } from "@releve/db/schema";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { claimGarment, type PoolGarmentDetails } from "@releve/db/wardrobe/commands";
import { eq } from "drizzle-orm";
import { type ClaimGarmentOutcome, claimGarment as claimVerb } from "../wardrobe/claim-garment";
import { testEffects } from "./effects";
import { clientEffects } from "./ownership";

/**
 * `userId` claims the piece at `slug` as its tap's claim does, through wardrobe/claim-garment (a
 * pool piece is registered with `details`), their clock at `at` (ms) when given; its outcome.
 */
export function claimAs(
  db: Db,
  userId: string,
  slug: string,
  opts: { details?: PoolGarmentDetails; at?: number } = {},
): Promise<ClaimGarmentOutcome> {
  const effects = clientEffects(db, userId, opts.at);
  return claimVerb(effects, opts.details ? { slug, userId, details: opts.details } : { slug, userId });
}

export async function ownedPiece(db: Db, opts: { photo?: boolean } = {}) {
  const owner = await createOwner(db);
  const garment = await createGarment(db);
  await claimGarment(db, { DB: env.DB, TAP_KV: env.TAP_KV }, { slug: garment.slug, userId: owner.userId });
  let photoKey: string | null = null;
  if (opts.photo) {
    photoKey = newPhotoKey("image/jpeg");
    await env.PHOTOS.put(photoKey, new Uint8Array([1, 2, 3]));
    await db
      .update(garments)
      .set({ photo_key: photoKey, photo_width: 10, photo_height: 10 })
      .where(eq(garments.id, garment.id));
  }
  return { owner, garment, photoKey };
}

/** A staff member: the effects acting as them, and who the audit log names. */
export async function staffMember(db: Db) {
  const person = await createOwner(db);
  return {
    effects: testEffects(db, { kind: "admin", id: person.userId }),
    audit: { userId: person.userId, email: "staff@example.com" },
  };
}
