import { AppError } from "@releve/core";
import {
  type NextGtin,
  PRODUCT_PAGE_SIZE,
  type Product,
  ProductBodySchema,
  type ProductFields,
  ProductImportBodySchema,
  type ProductImportResult,
  ProductListQuerySchema,
  type ProductPage,
} from "@releve/core/passport/contracts";
import { gtinFor } from "@releve/core/passport/gtin";
import { PRODUCT_CSV_COLUMNS, parseProductCsv, productCsvRow } from "@releve/core/passport/product-csv";
import { importDone, importRefusal, PRODUCT_MESSAGES } from "@releve/core/passport/product-rules";
import { csvHead, csvRecords } from "@releve/core/platform/csv";
import { streamExport } from "@releve/core/platform/stream-export";
import { GarmentIdParamSchema } from "@releve/core/tags/contracts";
import { photoUrl } from "@releve/core/wardrobe/photo";
import type { Db } from "@releve/db/client";
import {
  getProduct,
  lastGtinUnder,
  listProducts,
  type ProductRow,
  readPassportBatches,
  readProductBatches,
} from "@releve/db/passport/queries";
import { createProduct } from "@releve/verbs/passport/create-product";
import { importProducts } from "@releve/verbs/passport/import-products";
import { setProductPhoto } from "@releve/verbs/passport/set-product-photo";
import { updateProduct } from "@releve/verbs/passport/update-product";
import { type Context, Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody, validator } from "../../api/validation";
import { downloadHeaders, logExportError } from "../../lib/export-response.server";
import { photoRefused, readPhotoBody } from "../wardrobe/photos-api";
import { passportView, productJsonLd } from "./passport.server";

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  gtin: row.gtin,
  photo:
    row.photo_key && row.photo_width && row.photo_height
      ? { url: photoUrl(row.photo_key), width: row.photo_width, height: row.photo_height }
      : null,
  name: row.name,
  garment_type: row.garment_type as Product["garment_type"],
  description: row.description,
  composition: row.composition,
  country_of_making: row.country_of_making,
  care: row.care,
  services_text: row.services_text,
  services_url: row.services_url,
  recycled_percent: row.recycled_percent,
  garments: row.garments,
  created_at: row.created_at.getTime(),
  updated_at: row.updated_at.getTime(),
});

async function productOrThrow(db: Db, id: number): Promise<ProductRow> {
  const product = await getProduct(db, id);
  if (!product) throw new AppError("not_found", PRODUCT_MESSAGES.notFound);
  return product;
}

/** `<name>_<date>.jsonl`, streamed a batch at a time: every passport of the product or the batch. */
/** The admin's passport export (issue #31), one JSON-LD object per line: */
export function passportsDownload(
  c: Context<AdminEnv>,
  of: { productId: number } | { batchId: number },
  name: string,
): Response {
  const origin = new URL(c.req.url).origin;
  const body = streamExport({
    read: readPassportBatches(c.get("db"), of),
    format: (rows) =>
      rows.map((row) => `${JSON.stringify(productJsonLd(passportView(row, origin, false), origin))}\n`).join(""),
    onError: logExportError("passports.jsonl"),
  });
  const date = new Date().toISOString().slice(0, 10);
  return c.body(
    body,
    200,
    downloadHeaders({ type: "application/jsonl; charset=utf-8", filename: `${name}_${date}.jsonl` }),
  );
}

const gtinTaken = () => new AppError("bad_request", `GTIN: ${PRODUCT_MESSAGES.gtinTaken}`);
const idParam = validator("param", GarmentIdParamSchema);
const productBody = jsonBody(ProductBodySchema);

/** `/api/admin/products` (issue #31): the brand's products (models), listed, created and edited. */
export const productRoutes = new Hono<AdminEnv>();

productRoutes.get("/", validator("query", ProductListQuerySchema), async (c) => {
  const { q, before } = c.req.valid("query");
  const page = await listProducts(c.get("db"), { q, before, limit: PRODUCT_PAGE_SIZE });
  return c.json({ products: page.rows.map(toProduct), nextCursor: page.nextCursor } satisfies ProductPage);
});

/**
 * The brand's GS1 Company Prefix (configuration) and the next free GTIN under it: one more than
 * the highest item reference used, for the 'New product' form to offer.
 */
productRoutes.get("/next-gtin", async (c) => {
  const prefix = c.get("env").GS1_COMPANY_PREFIX;
  const last = await lastGtinUnder(c.get("db"), prefix);
  const reference = last ? Number(last.slice(1 + prefix.length, 13)) + 1 : 1;
  const body: NextGtin = {
    prefix,
    test: prefix.startsWith("952"),
    gtin: gtinFor(prefix, reference),
  };
  return c.json(body);
});

productRoutes.get("/export.csv", (c) => {
  const body = streamExport({
    head: csvHead([...PRODUCT_CSV_COLUMNS]),
    read: readProductBatches(c.get("db")),
    format: (rows) => csvRecords(rows.map(productCsvRow)),
    onError: logExportError("products.csv"),
  });
  const date = new Date().toISOString().slice(0, 10);
  return c.body(body, 200, downloadHeaders({ type: "text/csv; charset=utf-8", filename: `products_${date}.csv` }));
});

/**
 * A product CSV (the export's columns): every row is checked by the same schema as the form,
 * then new GTINs are added and known ones replaced, all in one batch. One bad row refuses the
 * whole file with every problem listed (400, `details.problems`), so nothing is half-written.
 */
productRoutes.post("/import", jsonBody(ProductImportBodySchema), async (c) => {
  const parsed = parseProductCsv(c.req.valid("json").csv);
  const problems = [...parsed.problems];
  const valid: { line: number; values: ProductFields }[] = [];
  for (const row of parsed.rows) {
    const result = ProductBodySchema.safeParse(row.body);
    if (result.success) valid.push({ line: row.line, values: result.data });
    else
      for (const issue of result.error.issues)
        problems.push({ line: row.line, message: `Line ${row.line}: ${issue.message}` });
  }
  if (problems.length) {
    problems.sort((a, b) => a.line - b.line);
    throw new AppError("bad_request", importRefusal(problems.length), { problems });
  }
  const outcome = await importProducts(c.get("effects"), { staff: actorOf(c), rows: valid.map((v) => v.values) });
  if (outcome.code === "gtin_taken_meanwhile")
    throw new AppError("conflict", "Another change added one of these GTINs meanwhile: import the file again.");
  const done = { created: outcome.created, updated: outcome.updated };
  return c.json({ ...done, message: importDone(done) } satisfies ProductImportResult);
});

productRoutes.get("/:id", idParam, async (c) => {
  return c.json({ product: toProduct(await productOrThrow(c.get("db"), c.req.valid("param").id)) });
});

productRoutes.post("/", productBody, async (c) => {
  const created = await createProduct(c.get("effects"), { staff: actorOf(c), values: c.req.valid("json") });
  if (created.code === "gtin_taken") throw gtinTaken();
  return c.json(
    { product: toProduct(await productOrThrow(c.get("db"), created.productId)), message: "Product created" },
    201,
  );
});

productRoutes.put("/:id", idParam, productBody, async (c) => {
  const db = c.get("db");
  const before = await productOrThrow(db, c.req.valid("param").id);
  const { code } = await updateProduct(c.get("effects"), { staff: actorOf(c), before, values: c.req.valid("json") });
  if (code === "gtin_taken") throw gtinTaken();
  if (code === "gtin_in_use") throw new AppError("bad_request", `GTIN: ${PRODUCT_MESSAGES.gtinInUse}`);
  return c.json({ product: toProduct(await productOrThrow(db, before.id)), message: "Product updated" });
});

// The brand's product photo (R2): the garment photo's checks and storage; the old object goes once the change stands.
productRoutes.put("/:id/photo", idParam, async (c) => {
  const db = c.get("db");
  const id = c.req.valid("param").id;
  // Checked before the body is read: a missing product costs no upload and stores nothing.
  await productOrThrow(db, id);
  const outcome = await setProductPhoto(c.get("effects"), {
    productId: id,
    staff: actorOf(c),
    read: () => readPhotoBody(c.req.raw),
  });
  if (outcome.code === "not_found") throw new AppError("not_found", PRODUCT_MESSAGES.notFound);
  if (outcome.code === "refused") throw photoRefused(outcome.reason);
  return c.json({ product: toProduct(await productOrThrow(db, id)) });
});

productRoutes.delete("/:id/photo", idParam, async (c) => {
  const db = c.get("db");
  const id = c.req.valid("param").id;
  const outcome = await setProductPhoto(c.get("effects"), { productId: id, staff: actorOf(c) });
  if (outcome.code === "not_found") throw new AppError("not_found", PRODUCT_MESSAGES.notFound);
  return c.json({ product: toProduct(await productOrThrow(db, id)) });
});

// Every passport of the product's garments, one JSON-LD object per line (for a registry upload).
productRoutes.get("/:id/passports.jsonl", idParam, async (c) => {
  const product = await productOrThrow(c.get("db"), c.req.valid("param").id);
  return passportsDownload(c, { productId: product.id }, `passports_${product.gtin}`);
});
