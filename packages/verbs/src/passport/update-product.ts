import { type ProductValues, updateProduct as replaceProduct } from "@releve/db/passport/commands";
import type { ProductRow } from "@releve/db/passport/queries";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type UpdateProductOutcome = { code: "updated" | "gtin_taken" | "gtin_in_use" };

/**
 * Staff replace a product's fields (issue #31): audited, with its product.updated event.
 * `gtin_taken`: another product has the GTIN; `gtin_in_use`: the GTIN would change while
 * garments carry it on their tags. Nothing is written in either case.
 */
export async function updateProduct(
  effects: Effects,
  input: { staff: Staff; before: ProductRow; values: ProductValues },
): Promise<UpdateProductOutcome> {
  const event = domainEvent("product.updated", {
    actor: effects.actor,
    subjects: { productId: input.before.id },
    payload: {},
    at: effects.now(),
  });
  const code = await replaceProduct(effects.db, input.staff, input.before, input.values, event);
  if (code === "updated") await publishEvents(effects, [event]);
  return { code };
}
