import { createProduct as addProduct, type ProductValues } from "@releve/db/passport/commands";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type CreateProductOutcome = { code: "created"; productId: number } | { code: "gtin_taken" };

/**
 * Staff add a product (issue #31): audited, with its product.created event naming the new
 * product; a GTIN another product has already is refused and nothing is written.
 */
export async function createProduct(
  effects: Effects,
  input: { staff: Staff; values: ProductValues },
): Promise<CreateProductOutcome> {
  const event = domainEvent("product.created", { actor: effects.actor, payload: { productId: 0 }, at: effects.now() });
  const id = await addProduct(effects.db, input.staff, input.values, event);
  if (id === null) return { code: "gtin_taken" };
  await publishEvents(effects, [event]);
  return { code: "created", productId: id };
}
