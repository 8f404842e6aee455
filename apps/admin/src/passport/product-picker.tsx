import { TextField } from "@releve/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { SelectField } from "../ui";
import { type ProductChoice, productChoices, productPickerHint } from "./product-choices";
import { productsQuery } from "./queries";

/**
 * 'Product' on the programming forms (issue #31): a search by name or GTIN and the matching
 * products (the first page); the garment then belongs to the chosen one and its tag carries its
 * Digital Link. The chosen product stays listed while another search runs.
 */
export function ProductPicker({
  value,
  onChange,
  className,
}: {
  value: ProductChoice | null;
  onChange: (product: ProductChoice | null) => void;
  className?: string;
}) {
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const list = useInfiniteQuery(productsQuery(deferred));
  const found = list.data?.pages[0]?.products ?? [];
  const shown = productChoices(value, found);
  const hint = productPickerHint({
    error: list.isError ? list.error : null,
    isPending: list.isPending,
    shown: shown.length,
  });
  return (
    <fieldset className={`grid grid-cols-1 gap-3 sm:grid-cols-2 ${className ?? ""}`}>
      <legend className="sr-only">Product</legend>
      <TextField
        label="Find a product"
        name="product_search"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Name or GTIN"
      />
      <SelectField
        label="Product"
        name="product_id"
        value={value ? String(value.id) : ""}
        onChange={(id) => onChange(shown.find((p) => String(p.id) === id) ?? null)}
        options={[["", "No product"], ...shown.map((p) => [String(p.id), `${p.name} · ${p.gtin}`] as const)]}
        hint={hint}
        aria-busy={list.isFetching}
      />
    </fieldset>
  );
}
