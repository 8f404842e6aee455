import { batchCode } from "@releve/core/tags/chip-id";
import { type GarmentType, garmentTagUrl } from "@releve/core/tags/rules";
import { drawStockTags, type StockTag } from "@releve/core/tags/stock";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { onUniqueViolation } from "@releve/db/platform/d1-errors";
import { domainEvent } from "@releve/db/platform/events";
import { programBatch } from "@releve/db/tags/commands";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

/**
 * Programs `count` stock (or pool) garments of one type, each with its tag, in ONE D1 batch
 * (all or nothing) with one tag_batch.programmed event; secure chip ids numbered after the
 * batch's last tag. A slug or chip id drawn twice (a unique index refuses it) is drawn again, once.
 * The outcome's tags make the encoder's file.
 */
export async function programTagBatch(
  effects: Effects,
  input: {
    staff: Staff;
    chipSecret: string;
    batch: { id: number; batch_name: string; total: number };
    product: { id: number; name: string; gtin: string | null } | null;
    garmentType: GarmentType;
    name: string | null;
    size: string | null;
    color: string | null;
    skuPrefix: string | null;
    tagType: string;
    count: number;
    pool: boolean;
  },
): Promise<{ code: "programmed"; tags: StockTag[]; batchCode: string }> {
  const code = batchCode(input.batch);
  const gtin = input.product?.gtin ?? null;
  const attempt = async () => {
    const tags = await drawStockTags(input.chipSecret, {
      garmentType: input.garmentType,
      batchCode: code,
      start: input.batch.total + 1,
      count: input.count,
      skuPrefix: input.skuPrefix,
    });
    const event = domainEvent("tag_batch.programmed", {
      actor: effects.actor,
      payload: { batchId: input.batch.id, count: tags.length, pool: input.pool },
      at: effects.now(),
    });
    await programBatch(effects.db, input.staff, input.batch, {
      garment: {
        name: input.name ?? input.product?.name ?? input.garmentType,
        garment_type: input.garmentType,
        size: input.size,
        color: input.color,
        product_id: input.product?.id ?? null,
      },
      tagType: input.tagType,
      tags,
      urlOf: (slug) => garmentTagUrl(effects.origin, slug, gtin),
      pool: input.pool,
      event,
    });
    return { tags, event };
  };
  const made = await onUniqueViolation(attempt, attempt);
  await publishEvents(effects, [made.event]);
  return { code: "programmed", tags: made.tags, batchCode: code };
}
