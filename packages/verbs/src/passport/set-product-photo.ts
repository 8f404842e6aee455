import type { PhotoProblem } from "@releve/core/wardrobe/photo";
import { setProductPhoto as changeProductPhoto } from "@releve/db/passport/commands";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { keepIfChanged, putPhoto } from "../wardrobe/photo-objects";

export type SetProductPhotoOutcome =
  | { code: "set" | "cleared" | "not_found" }
  | { code: "refused"; reason: PhotoProblem };

/**
 * The brand's product photo (issue #31), set from the request's body (`read`) or removed (no
 * `read`): the garment photo's checks and storage; the product row changes, audited, with its
 * product.photo_changed event, whose delivery deletes the object it let go.
 */
export async function setProductPhoto(
  effects: Effects,
  input: { productId: number; staff: Staff; read?: () => Promise<Uint8Array> },
): Promise<SetProductPhotoOutcome> {
  const event = domainEvent("product.photo_changed", {
    actor: effects.actor,
    subjects: { productId: input.productId },
    payload: { photoKeys: [] },
    at: effects.now(),
  });
  if (!input.read) {
    const cleared = await changeProductPhoto(effects.db, input.staff, input.productId, null, event);
    if (!cleared) return { code: "not_found" };
    await publishEvents(effects, [event]);
    return { code: "cleared" };
  }
  const put = await putPhoto(effects.photos, await input.read());
  if (!put.ok) return { code: "refused", reason: put.reason };
  const changed = await keepIfChanged(effects.photos, [put.photo.key], () =>
    changeProductPhoto(effects.db, input.staff, input.productId, put.photo, event),
  );
  if (!changed) return { code: "not_found" };
  await publishEvents(effects, [event]);
  return { code: "set" };
}
