/** Test pieces for the verbs: an owner's claimed garment (a photo in R2 when asked), a staff member. */
import { env } from "cloudflare:workers";
import { newPhotoKey } from "@releve/core/wardrobe/photo";
import type { Db } from "@releve/db";
import { garments } from "@releve/db/schema";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { claimGarment } from "@releve/db/wardrobe/commands";
import { eq } from "drizzle-orm";
import { testEffects } from "./effects";

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
