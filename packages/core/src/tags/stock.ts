import { createSecureChip, type GarmentType, type SecureChip } from "./chip-id";
import { newGarmentSlug } from "./rules";

/** One stock garment's tag of a batch: its slug, its secure chip and an optional SKU. */
export type StockTag = { slug: string; chip: SecureChip; sku: string | null };

/**
 * `count` new stock tags for a batch (issue #18): distinct random slugs, and secure chip ids
 * (with their signatures and encrypted ids, so server only) numbered on from `start`.
 */
export async function drawStockTags(
  secret: string,
  input: { garmentType: GarmentType; batchCode: string; start: number; count: number; skuPrefix: string | null },
): Promise<StockTag[]> {
  const slugs = new Set<string>();
  while (slugs.size < input.count) slugs.add(newGarmentSlug(input.garmentType));
  return Promise.all(
    [...slugs].map(async (slug, i) => {
      const serial = input.start + i;
      return {
        slug,
        chip: await createSecureChip(secret, { garmentType: input.garmentType, batch: input.batchCode, serial }),
        sku: input.skuPrefix ? `${input.skuPrefix}-${String(serial).padStart(4, "0")}` : null,
      };
    }),
  );
}
