import type { PhotoProblem } from "@releve/core/wardrobe/photo";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { adminSetGarmentPhoto, setOwnedGarmentPhoto } from "@releve/db/wardrobe/commands";
import { type GarmentPhotoRow, getGarmentPhoto, getOwnedGarmentPhoto } from "@releve/db/wardrobe/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { keepIfChanged, putPhoto } from "./photo-objects";

/** Who changes the photo: its owner (their own garment only), or a staff member (any, audited). */
export type PhotoChanger = { owner: string } | { staff: Staff };

export type SetGarmentPhotoOutcome =
  | { code: "set"; row: GarmentPhotoRow }
  | { code: "not_found" }
  | { code: "refused"; reason: PhotoProblem };

/** The garment's photo row as `by` may change it: its owner's own garment, or any for staff. */
export const photoRowFor = (effects: Pick<Effects, "db">, garmentId: number, by: PhotoChanger) =>
  "owner" in by ? getOwnedGarmentPhoto(effects.db, garmentId, by.owner) : getGarmentPhoto(effects.db, garmentId);

export const photoChangedEvent = (effects: Effects) =>
  domainEvent("garment.photo_changed", { actor: effects.actor, payload: { photoKeys: [] }, at: effects.now() });

/**
 * A garment's photo set or replaced (issue #19): checked before anything is stored (someone
 * else's garment reads no body and stores nothing), put in R2 under a new key, then the row
 * changed with its garment.photo_changed event; the event's consumer deletes the objects the
 * change let go (the old photo and its card rendition). `read` reads the request's body.
 */
export async function setGarmentPhoto(
  effects: Effects,
  input: { garmentId: number; by: PhotoChanger; read: () => Promise<Uint8Array> },
): Promise<SetGarmentPhotoOutcome> {
  const { garmentId, by } = input;
  const current = await photoRowFor(effects, garmentId, by);
  if (!current) return { code: "not_found" };
  const put = await putPhoto(effects.photos, await input.read());
  if (!put.ok) return { code: "refused", reason: put.reason };
  const event = photoChangedEvent(effects);
  const changed = await keepIfChanged(effects.photos, [put.photo.key], () =>
    "owner" in by
      ? setOwnedGarmentPhoto(effects.db, garmentId, by.owner, put.photo, event)
      : adminSetGarmentPhoto(effects.db, by.staff, garmentId, put.photo, event),
  );
  if (!changed) return { code: "not_found" };
  await publishEvents(effects, [event]);
  return { code: "set", row: changed.row };
}
