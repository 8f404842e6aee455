import type { PhotoProblem } from "@releve/core/wardrobe/photo";
import { adminSetGarmentPhotoCard, setOwnedGarmentPhotoCard } from "@releve/db/wardrobe/commands";
import type { GarmentPhotoRow } from "@releve/db/wardrobe/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { keepIfChanged, putPhotoCard } from "./photo-objects";
import { type PhotoChanger, photoChangedEvent, photoRowFor } from "./set-garment-photo";

export type SetGarmentPhotoCardOutcome =
  | { code: "set"; row: GarmentPhotoRow }
  | { code: "not_found" | "no_photo" | "changed" }
  | { code: "refused"; reason: PhotoProblem | "too_wide" | "aspect" };

/**
 * The card-size rendition of a garment's photo (decision 0039), uploaded after the photo: the
 * garment must have a photo (else nothing is read), the rendition must match its aspect; the
 * row changes only if the photo is still the one it was checked against ("changed" otherwise,
 * the new object deleted again). The old rendition goes with the event's delivery.
 */
export async function setGarmentPhotoCard(
  effects: Effects,
  input: { garmentId: number; by: PhotoChanger; read: () => Promise<Uint8Array> },
): Promise<SetGarmentPhotoCardOutcome> {
  const { garmentId, by } = input;
  const current = await photoRowFor(effects, garmentId, by);
  if (!current) return { code: "not_found" };
  if (!current.photo_key || !current.photo_width || !current.photo_height) return { code: "no_photo" };
  const photo = { key: current.photo_key, width: current.photo_width, height: current.photo_height };
  const put = await putPhotoCard(effects.photos, await input.read(), photo);
  if (!put.ok) return { code: "refused", reason: put.reason };
  const event = photoChangedEvent(effects);
  const changed = await keepIfChanged(effects.photos, [put.key], () =>
    "owner" in by
      ? setOwnedGarmentPhotoCard(effects.db, garmentId, by.owner, photo.key, put.key, event)
      : adminSetGarmentPhotoCard(effects.db, by.staff, garmentId, photo.key, put.key, event),
  );
  if (!changed) return { code: "changed" };
  await publishEvents(effects, [event]);
  return { code: "set", row: changed.row };
}
