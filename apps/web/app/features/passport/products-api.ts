import { AppError } from "@releve/core";
import {
  PRODUCT_PAGE_SIZE,
  type Product,
  ProductBodySchema,
  ProductListQuerySchema,
  type ProductPage,
} from "@releve/core/passport/contracts";
import { PRODUCT_MESSAGES } from "@releve/core/passport/product-rules";
import { GarmentIdParamSchema } from "@releve/core/tags/contracts";
import type { Db } from "@releve/db/client";
import { createProduct, updateProduct } from "@releve/db/passport/commands";
import { getProduct, listProducts, type ProductRow } from "@releve/db/passport/queries";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody, validator } from "../../api/validation";

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  gtin: row.gtin,
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

productRoutes.get("/:id", idParam, async (c) => {
  return c.json({ product: toProduct(await productOrThrow(c.get("db"), c.req.valid("param").id)) });
});

productRoutes.post("/", productBody, async (c) => {
  const db = c.get("db");
  const id = await createProduct(db, actorOf(c), c.req.valid("json"));
  if (id === null) throw gtinTaken();
  return c.json({ product: toProduct(await productOrThrow(db, id)), message: "Product created" }, 201);
});

productRoutes.put("/:id", idParam, productBody, async (c) => {
  const db = c.get("db");
  const before = await productOrThrow(db, c.req.valid("param").id);
  const outcome = await updateProduct(db, actorOf(c), before, c.req.valid("json"));
  if (outcome === "gtin_taken") throw gtinTaken();
  if (outcome === "gtin_in_use") throw new AppError("bad_request", `GTIN: ${PRODUCT_MESSAGES.gtinInUse}`);
  return c.json({ product: toProduct(await productOrThrow(db, before.id)), message: "Product updated" });
});
