import { batchCode, createSecureChip } from "@releve/core/tags/chip-id";
import { type GarmentType, garmentTagUrl, newGarmentSlug } from "@releve/core/tags/rules";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { onUniqueViolation } from "@releve/db/platform/d1-errors";
import { domainEvent } from "@releve/db/platform/events";
import { type NewProgrammedGarment, programTag as registerTag } from "@releve/db/tags/commands";
import { countBatchTags } from "@releve/db/tags/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type ProgramTagOutcome = { code: "programmed"; tagId: number };

/**
 * Staff register a new tag and its garment (spec part 2 §4): a secure chip id numbered in its
 * batch, a new slug, the URL the tag will carry (the Digital Link when the garment is one of a
 * product), the garment attached to a client or not; one batch with its audit row and its
 * tag.programmed event; the slug's tap record written. A drawn slug or chip id already taken
 * (a one-in-2^50 chance) is drawn again, once.
 */
export async function programTag(
  effects: Effects,
  input: {
    staff: Staff;
    chipSecret: string;
    garmentType: GarmentType;
    garment: NewProgrammedGarment;
    tagType: string;
    batch: { id: number; batch_name: string } | null;
    product: { id: number; gtin: string | null } | null;
    owner: { userId: string; profileId: number; clientId: string } | null;
  },
): Promise<ProgramTagOutcome> {
  const attempt = async () => {
    const serial = (await countBatchTags(effects.db, input.batch?.id ?? null)) + 1;
    const chip = await createSecureChip(input.chipSecret, {
      garmentType: input.garmentType,
      batch: batchCode(input.batch),
      serial,
    });
    const slug = newGarmentSlug(input.garmentType);
    const event = domainEvent("tag.programmed", {
      actor: effects.actor,
      payload: { tagType: input.tagType, batchId: input.batch?.id ?? null, attached: input.owner !== null },
      at: effects.now(),
    });
    const tagId = await registerTag(effects.db, effects.tap, input.staff, {
      garment: input.garment,
      slug,
      chip,
      tagType: input.tagType,
      batchId: input.batch?.id ?? null,
      owner: input.owner,
      url: garmentTagUrl(effects.origin, slug, input.product?.gtin ?? null),
      event,
    });
    return { tagId, event };
  };
  const made = await onUniqueViolation(attempt, attempt);
  await publishEvents(effects, [made.event]);
  return { code: "programmed", tagId: made.tagId };
}
