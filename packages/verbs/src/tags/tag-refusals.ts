import type { TagRow } from "@releve/db/tags/queries";
import { tagHoldingUid } from "@releve/db/tags/queries";
import type { Effects } from "../effects";

/** A tag's change refused, with the words the API answers (spec part 2 §8). */
export type TagRefusal = { code: "refused"; message: string } | { code: "uid_taken"; holderChipId: string };

export const subjectsOf = (tag: TagRow) => ({ tagId: tag.id, garmentId: tag.garment_id });

/** The UID is on another tag already: the answer names that tag's chip id. */
export async function uidTaken(effects: Effects, tag: TagRow, uid: string): Promise<TagRefusal | null> {
  const holder = await tagHoldingUid(effects.db, uid);
  return holder && holder.id !== tag.id ? { code: "uid_taken", holderChipId: holder.chip_id } : null;
}
