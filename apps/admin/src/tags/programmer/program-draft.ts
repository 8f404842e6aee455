import type { AdminTag, ProgrammedTag, ProgramTagInput } from "@releve/core/tags/contracts";
import { DEFAULT_TAG_TYPE } from "@releve/core/tags/rules";
import type { ProductChoice } from "../../passport/product-choices";
import type { PickedClient } from "./clients";

/** 'Program a new tag' as typed. */
export type ProgramDraft = {
  product: ProductChoice | null;
  name: string;
  garment_type: string;
  size: string;
  color: string;
  sku: string;
  batch_id: string;
  tag_type: string;
};

export const EMPTY_DRAFT: ProgramDraft = {
  product: null,
  name: "",
  garment_type: "",
  size: "",
  color: "",
  sku: "",
  batch_id: "",
  tag_type: DEFAULT_TAG_TYPE,
};

/** The form's draft as the API's body; the server validates it and answers with the spec's message. */
export const programBody = (draft: ProgramDraft): ProgramTagInput => ({
  name: draft.name,
  garment_type: draft.garment_type as ProgramTagInput["garment_type"],
  size: (draft.size || null) as ProgramTagInput["size"],
  color: draft.color || null,
  sku: draft.sku || null,
  batch_id: draft.batch_id ? Number(draft.batch_id) : null,
  tag_type: draft.tag_type as ProgramTagInput["tag_type"],
  product_id: draft.product?.id ?? null,
});

/** A new garment each time: the form empties once its tag is written, keeping batch and tag type. */
export const nextDraft = (draft: ProgramDraft): ProgramDraft => ({
  ...EMPTY_DRAFT,
  batch_id: draft.batch_id,
  tag_type: draft.tag_type,
});

/** Picking a product fills the garment's name and type from it; clearing it keeps what was typed. */
export const withProduct = (draft: ProgramDraft, product: ProductChoice | null): ProgramDraft => ({
  ...draft,
  product,
  name: product?.name ?? draft.name,
  garment_type: product?.garment_type ?? draft.garment_type,
});

/** One run of 'program a tag': registered on the server, then written (or simulated), then recorded. */
export type ProgramRun = {
  programmed: ProgrammedTag;
  mode: "web-nfc" | "simulation";
  phase: "writing" | "recording" | "done";
  /** The write's outcome once recorded: the tag is active (true) or inactive (false). */
  ok: boolean | null;
  /** The tag as the server last answered. */
  tag: AdminTag;
  /** The simulation's chip UID: shown, never sent as a real one. */
  simulatedUid: string | null;
  /** The write's failure, or the recording's. */
  error: string | null;
  attachedTo: PickedClient | null;
};

/** 'Retry write': only once a failed write is recorded (the tag inactive with its write error). */
export const canRetryWrite = (run: ProgramRun) =>
  run.phase === "done" && run.ok === false && run.tag.status === "inactive" && run.tag.writeError !== null;
