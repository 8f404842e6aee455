import { type ProductValues, importProducts as storeProducts } from "@releve/db/passport/commands";
import { productsByGtins } from "@releve/db/passport/queries";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { onUniqueViolation } from "@releve/db/platform/d1-errors";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type ImportProductsOutcome =
  | { code: "imported"; created: number; updated: number }
  | { code: "gtin_taken_meanwhile" };

/**
 * A product CSV's rows, each already checked (issue #31): new GTINs are added and known ones
 * replaced, audited, in one batch with its products.imported event (all or nothing).
 * `gtin_taken_meanwhile`: another change added one of the new GTINs first; nothing is written.
 */
export async function importProducts(
  effects: Effects,
  input: { staff: Staff; rows: ProductValues[] },
): Promise<ImportProductsOutcome> {
  const known = new Map(
    (
      await productsByGtins(
        effects.db,
        input.rows.map((values) => values.gtin),
      )
    ).map((p) => [p.gtin, p.id]),
  );
  const create = input.rows.filter((values) => !known.has(values.gtin));
  const update = input.rows.flatMap((values) => {
    const id = known.get(values.gtin);
    return id === undefined ? [] : [{ id, values }];
  });
  const event = domainEvent("products.imported", {
    actor: effects.actor,
    payload: { created: create.length, updated: update.length },
    at: effects.now(),
  });
  const done = await onUniqueViolation(
    () => storeProducts(effects.db, input.staff, { create, update }, event),
    () => null,
  );
  if (!done) return { code: "gtin_taken_meanwhile" };
  await publishEvents(effects, [event]);
  return { code: "imported", ...done };
}
