import type { Product } from "@releve/core/passport/contracts";
import { importDone, PRODUCT_IMPORT_MAX_CHARS } from "@releve/core/passport/product-rules";
import { Button, ButtonAnchor } from "@releve/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CsvImportDialog } from "../csv-import";
import { useNotify } from "../notify";
import { Empty, LoadMore, NotLoaded, SearchBox } from "../ui";
import { ProductForm } from "./product-form";
import { passportsHref, productsCsvHref, productsQuery, useImportProducts } from "./queries";

const CSV_HEADER = "GTIN,Name,Type,Composition,Country of making,Washing";

/**
 * `/admin/products` (issue #31): the brand's products (models), newest first, searched by name or
 * GTIN; each one created and edited in a dialog, its photo added there; the catalogue exported
 * and imported as CSV; each product's passports exported as JSON Lines.
 */
export function ProductsPage() {
  const [search, setSearch] = useState("");
  const list = useInfiniteQuery(productsQuery(search));
  const products = list.data?.pages.flatMap((page) => page.products) ?? [];
  const [editing, setEditing] = useState<Product | "new" | null>(null);
  const [importing, setImporting] = useState(false);
  const importer = useImportProducts();
  const notify = useNotify();

  return (
    <section className="mt-8 flex flex-col gap-4" aria-labelledby="products-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="products-heading" className="font-display text-2xl">
          Products
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setEditing("new")}>New product</Button>
          <Button
            variant="secondary"
            onClick={() => {
              importer.reset();
              setImporting(true);
            }}
          >
            Import CSV
          </Button>
          <ButtonAnchor href={productsCsvHref} download variant="secondary">
            Export CSV
          </ButtonAnchor>
        </div>
      </div>
      <p className="text-sm text-stone">
        Each garment programmed with a product carries its GS1 Digital Link, and its passport shows the product's
        materials, making and care.
      </p>
      <SearchBox label="Search products" placeholder="Name or GTIN" onSearch={setSearch} />
      {!list.isSuccess ? (
        <NotLoaded query={list} label="products" errorPrefix="The products could not be loaded" />
      ) : products.length === 0 ? (
        <Empty>
          {search ? `No product matches “${search}”.` : "No products yet: add one, or import the catalogue as CSV."}
        </Empty>
      ) : (
        <>
          <ul id="products-list" className="flex flex-col gap-3" aria-label="Products" aria-busy={list.isFetching}>
            {products.map((p) => (
              <li
                key={p.id}
                data-list-row
                tabIndex={-1}
                className="grid grid-cols-[4rem_minmax(0,1fr)] gap-3 border border-ink/10 bg-white p-3 outline-offset-4 sm:grid-cols-[4rem_minmax(0,1fr)_auto]"
              >
                {p.photo ? (
                  <img
                    src={p.photo.url}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    className="size-16 object-cover"
                  />
                ) : (
                  <span aria-hidden className="size-16 border border-dashed border-ink/20 bg-ivory" />
                )}
                <div className="min-w-0 text-sm">
                  <p className="font-display text-lg">{p.name}</p>
                  <p className="font-mono text-xs text-stone">GTIN {p.gtin}</p>
                  <p className="text-xs text-stone">
                    {[p.garment_type, `${p.garments} garment${p.garments === 1 ? "" : "s"}`]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                <div className="col-span-2 flex flex-wrap items-start gap-2 sm:col-span-1">
                  <Button variant="secondary" size="sm" onClick={() => setEditing(p)}>
                    Edit<span className="sr-only"> {p.name}</span>
                  </Button>
                  <a
                    href={`/product/${p.gtin}`}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex min-h-9 items-center px-2 text-xs underline underline-offset-4"
                  >
                    Product page<span className="sr-only"> of {p.name} (opens in a new tab)</span>
                  </a>
                  {p.garments > 0 && (
                    <ButtonAnchor href={passportsHref(p)} download variant="secondary" size="sm">
                      Passports (JSON Lines)<span className="sr-only"> of {p.name}</span>
                    </ButtonAnchor>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <LoadMore listId="products-list" shown={products.length} noun={["product", "products"]} query={list} />
        </>
      )}
      {editing && <ProductForm product={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {importing && (
        <CsvImportDialog
          title="Import products"
          intro={
            <>
              One product per row, with the export's columns (GTIN and Name required). Known GTINs are updated, new ones
              added; one bad row imports nothing.
            </>
          }
          placeholder={`${CSV_HEADER}\n09520000000035,Cashmere Gown,Dress,"92% Cashmere, 8% Silk",IT,hand-wash`}
          maxChars={PRODUCT_IMPORT_MAX_CHARS}
          importing={importer}
          onImported={(result) =>
            notify({ type: "success", title: "Products imported", description: importDone(result) })
          }
          outcome={(result) => <p className="font-medium">{importDone(result)}</p>}
          onClose={() => setImporting(false)}
        />
      )}
    </section>
  );
}
