import type { BatchProgramInput } from "@releve/core/tags/contracts";
import { DEFAULT_TAG_TYPE } from "@releve/core/tags/rules";
import type { ProductChoice } from "../../passport/product-choices";

/** 'Program a batch' as typed. */
export type ProgramDraft = {
  product: ProductChoice | null;
  garment_type: string;
  count: string;
  name: string;
  size: string;
  color: string;
  sku_prefix: string;
  tag_type: string;
};

export const EMPTY_PROGRAM: ProgramDraft = {
  product: null,
  garment_type: "",
  count: "",
  name: "",
  size: "",
  color: "",
  sku_prefix: "",
  tag_type: DEFAULT_TAG_TYPE,
};

/**
 * The draft as the API's body. A pre-encoded pool (issue #19) sends no details: the owner gives
 * them when registering each piece. Blank optional fields are null; the count is sent as typed
 * (blank as NaN), so the server says what is wrong with it.
 */
export function batchProgramInput(draft: ProgramDraft, pool: boolean): BatchProgramInput {
  return {
    garment_type: draft.garment_type as BatchProgramInput["garment_type"],
    count: draft.count.trim() === "" ? Number.NaN : Number(draft.count),
    name: pool ? null : draft.name || null,
    size: pool ? null : ((draft.size || null) as BatchProgramInput["size"]),
    color: pool ? null : draft.color || null,
    sku_prefix: pool ? null : draft.sku_prefix || null,
    tag_type: draft.tag_type as BatchProgramInput["tag_type"],
    pool,
    product_id: draft.product?.id ?? null,
  };
}
