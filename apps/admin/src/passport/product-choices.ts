import type { Product } from "@releve/core/passport/contracts";

/** A product as the programming forms pick it: enough to fill the garment and send its id. */
export type ProductChoice = Pick<Product, "id" | "gtin" | "name" | "garment_type">;

/** The products a search found, the chosen one first when the search no longer finds it (it stays listed). */
export function productChoices<P extends ProductChoice>(chosen: ProductChoice | null, found: readonly P[]) {
  return chosen && !found.some((p) => p.id === chosen.id) ? [chosen, ...found] : [...found];
}

/** The picker's hint: the load's failure, its progress, no match, or what choosing a product does. */
export function productPickerHint(list: { error: Error | null; isPending: boolean; shown: number }): string {
  if (list.error) return `The products could not be loaded: ${list.error.message}`;
  if (list.isPending) return "Loading products...";
  if (list.shown === 0) return "No product matches: add it on the Products page first.";
  return "Its tag then carries the garment's GS1 Digital Link.";
}
