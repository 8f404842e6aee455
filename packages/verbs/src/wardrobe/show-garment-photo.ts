import { domainEvent } from "@releve/db/platform/events";
import { hideOwnedGarmentPhoto, setOwnedGarmentPhotoPublic } from "@releve/db/wardrobe/commands";
import { type GarmentPhotoRow, getOwnedGarmentPhoto } from "@releve/db/wardrobe/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { copyPhotoObject, keepIfChanged } from "./photo-objects";
import { photoChangedEvent } from "./set-garment-photo";

export type ShowGarmentPhotoOutcome = { code: "set"; row: GarmentPhotoRow } | { code: "not_found" | "changed" };

/**
 * The owner shows their photo on the share card or not (issue #28). Hiding a shown photo moves
 * it to new keys: its objects copied, the row pointed at the copies (on condition that it still
 * holds the old keys) with its event, whose delivery deletes the old objects, so the URLs that
 * visitors and caches saw answer 404 (the photo route serves only keys a row names).
 */
export async function showGarmentPhoto(
  effects: Effects,
  input: { garmentId: number; owner: string; show: boolean },
): Promise<ShowGarmentPhotoOutcome> {
  const { garmentId, owner, show } = input;
  const current = await getOwnedGarmentPhoto(effects.db, garmentId, owner);
  if (!current) return { code: "not_found" };
  if (!show && current.photo_public && current.photo_key) {
    const from = { photoKey: current.photo_key, cardKey: current.photo_card_key };
    const photoCopy = await copyPhotoObject(effects.photos, from.photoKey);
    if (!photoCopy) return { code: "changed" };
    const cardCopy = from.cardKey ? await copyPhotoObject(effects.photos, from.cardKey) : null;
    if (from.cardKey && !cardCopy) {
      await keepIfChanged(effects.photos, [photoCopy], async () => null);
      return { code: "changed" };
    }
    const event = photoChangedEvent(effects);
    const row = await keepIfChanged(effects.photos, [photoCopy, cardCopy], () =>
      hideOwnedGarmentPhoto(effects.db, garmentId, owner, from, { photoKey: photoCopy, cardKey: cardCopy }, event),
    );
    if (!row) return { code: "changed" };
    await publishEvents(effects, [event]);
    return { code: "set", row };
  }
  const event = domainEvent("garment.photo_visibility_changed", {
    actor: effects.actor,
    payload: { shown: show },
    at: effects.now(),
  });
  const row = await setOwnedGarmentPhotoPublic(effects.db, garmentId, owner, show, event);
  if (!row) return { code: "not_found" };
  await publishEvents(effects, [event]);
  return { code: "set", row };
}
