import { createSecureChip, toBatchCode } from "@releve/core/chip-id";
import { QA_BATCH_NAME } from "@releve/core/qa";
import { DEFAULT_TAG_TYPE, type GarmentType, tagUrl } from "@releve/core/tags";
import type { Db } from "@releve/db";
import type { Actor } from "@releve/db/audit";
import { existingSlug } from "@releve/db/garments";
import { qaBatch } from "@releve/db/qa";
import { programBatch } from "@releve/db/tags";
import { refreshTapRoute } from "@releve/db/tap-cache";
import { tapStores, type WebEnv } from "../env.server";

/** What a test garment is made as: an unclaimed jacket, no SKU, in the QA batch. */
const TEST_GARMENT = { name: "Test Garment", garment_type: "Jacket" as GarmentType, size: "M", color: "Black" };

const isUniqueViolation = (error: unknown) => /UNIQUE constraint failed/i.test(String(error));

/**
 * A real unclaimed garment with its tag in the QA batch, made as the batch programming makes
 * one (chip id, signature, audit), for /test-garment and the e2e scenarios (issue #20).
 * 'exists' when the slug is taken, also by someone else between the check and the write.
 */
export async function createQaGarment(
  { db, env, actor }: { db: Db; env: WebEnv; actor: Actor },
  slug: string,
  origin: string,
): Promise<"created" | "exists"> {
  if (await existingSlug(db, slug)) return "exists";
  const batch = await qaBatch(db, actor, QA_BATCH_NAME);
  const chip = await createSecureChip(env.CHIP_SECRET, {
    garmentType: TEST_GARMENT.garment_type,
    // The batch's chip code, as the batch programming makes it (api/admin/tags.ts batchCode).
    batch: toBatchCode(batch.batch_name) ?? `B${batch.id}`,
    serial: batch.total + 1,
  });
  try {
    await programBatch(db, actor, batch, {
      garment: TEST_GARMENT,
      tagType: DEFAULT_TAG_TYPE,
      tags: [{ slug, chip, sku: null }],
      urlOf: (s) => tagUrl(origin, s),
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "exists";
    throw error;
  }
  // A tap of the slug before it existed left a 'not found' record: the next tap must see the
  // garment. A KV failure is logged, the garment stands (0010).
  try {
    await refreshTapRoute(tapStores(env), slug);
  } catch (error) {
    console.error(`[qa-garment] tap cache refresh failed for ${slug}`, error);
  }
  return "created";
}
