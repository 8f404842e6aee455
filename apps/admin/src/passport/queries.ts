import type {
  NextGtin,
  Product,
  ProductImportResult,
  ProductInput,
  ProductPage,
} from "@releve/core/passport/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../api";
import { keys, keysetQuery } from "../queries";

/** Products (issue #31): a page of the brand's models, newest first, whose name or GTIN holds `search`. */
export const productsQuery = (search: string) =>
  keysetQuery<ProductPage>(
    [...keys.products, "list", search],
    `/products${search ? `?q=${encodeURIComponent(search)}` : ""}`,
    true,
  );

/** The configured GS1 Company Prefix and the next free GTIN under it. */
export const nextGtinQuery = queryOptions({
  queryKey: [...keys.products, "next-gtin"],
  queryFn: () => adminApi<NextGtin>("/products/next-gtin"),
});

/** Creates (`id` "new") or replaces a product; the lists refresh once it is saved. */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | "new"; body: ProductInput }) =>
      adminApi<{ product: Product; message: string }>(id === "new" ? "/products" : `/products/${id}`, {
        method: id === "new" ? "POST" : "PUT",
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.products }),
  });
}

/** A product CSV: all rows or none; a refusal carries `details.problems`. */
export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => adminApi<ProductImportResult>("/products/import", { method: "POST", body: { csv } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.products }),
  });
}

/** Removes the product's photo. */
export function useRemoveProductPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi<{ product: Product }>(`/products/${id}/photo`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.products }),
  });
}

export const productsCsvHref = "/api/admin/products/export.csv";
export const passportsHref = (product: Pick<Product, "id">) => `/api/admin/products/${product.id}/passports.jsonl`;
