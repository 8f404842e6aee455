import { adminClearGarmentPhoto, clearOwnedGarmentPhoto } from "@releve/db/wardrobe/commands";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { type PhotoChanger, photoChangedEvent } from "./set-garment-photo";

export type ClearGarmentPhotoOutcome = { code: "cleared" } | { code: "not_found" };

/** A garment's photo removed (issue #19): the row cleared with its event; the objects go with its delivery. */
export async function clearGarmentPhoto(
  effects: Effects,
  input: { garmentId: number; by: PhotoChanger },
): Promise<ClearGarmentPhotoOutcome> {
  const { garmentId, by } = input;
  const event = photoChangedEvent(effects);
  const cleared =
    "owner" in by
      ? await clearOwnedGarmentPhoto(effects.db, garmentId, by.owner, event)
      : await adminClearGarmentPhoto(effects.db, by.staff, garmentId, event);
  if (!cleared) return { code: "not_found" };
  await publishEvents(effects, [event]);
  return { code: "cleared" };
}
