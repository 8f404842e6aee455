import type { ProgramTagInput } from "@releve/core/tags/contracts";
import { TAG_BYTE_BUDGET, TAG_MESSAGES, TAG_TYPES } from "@releve/core/tags/rules";
import { Button, FormAlert, TextField } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ProductPicker } from "../../passport/product-picker";
import { batchesQuery } from "../../queries";
import { SelectField } from "../../ui";
import { GARMENT_SIZE_OPTIONS, GARMENT_TYPE_OPTIONS } from "../registry/labels";
import type { Failure } from "./failure";
import { ProductPhoto } from "./product-photo";
import {
  canRetryWrite,
  EMPTY_DRAFT,
  nextDraft,
  type ProgramDraft,
  type ProgramRun,
  programBody,
  withProduct,
} from "./program-draft";
import { SimulationBadge, TagFacts } from "./tag-card";
import { WritePreview } from "./write-preview";

/**
 * 'Program a new tag' (spec part 2 §5): the garment (name and type required), its batch and the
 * chip's type. The form's own button programs a stock tag; the client card's 'Attach & write'
 * submits the same form (`form=` attribute) with the selected client.
 */
export function ProgramForm({
  formId,
  busy,
  error,
  simulated,
  onProgram,
}: {
  formId: string;
  busy: boolean;
  error: Failure | null;
  simulated: boolean;
  onProgram: (body: ProgramTagInput, attach: boolean) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<ProgramDraft>(EMPTY_DRAFT);
  const batches = useQuery(batchesQuery);
  const set = (key: Exclude<keyof ProgramDraft, "product">) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const attach = submitter?.getAttribute("name") === "attach";
    // A new garment each time: the form empties once its tag is written, keeping batch and tag type.
    if (await onProgram(programBody(draft), attach)) setDraft(nextDraft);
  }

  const batchOptions: [string, string][] = [["", batches.isError ? "No batch (batches failed to load)" : "No batch"]];
  for (const b of batches.data?.batches ?? []) batchOptions.push([String(b.id), b.batch_name]);

  return (
    <section
      aria-labelledby={`${formId}-heading`}
      className="flex min-w-0 flex-col gap-4 border border-ink/10 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${formId}-heading`} className="font-display text-2xl">
          Program a new tag
        </h2>
        {simulated && <SimulationBadge />}
      </div>
      <form
        id={formId}
        onSubmit={submit}
        noValidate
        className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2"
        aria-label="New tag"
      >
        <ProductPicker
          value={draft.product}
          // Picking a product fills the garment's name and type from it.
          onChange={(product) => setDraft((d) => withProduct(d, product))}
          className="sm:col-span-2"
        />
        <TextField
          label="Garment name *"
          name="name"
          value={draft.name}
          onChange={(e) => set("name")(e.target.value)}
          required
          aria-required
          maxLength={120}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <SelectField
          label="Type *"
          name="garment_type"
          value={draft.garment_type}
          onChange={set("garment_type")}
          aria-required
          options={GARMENT_TYPE_OPTIONS}
        />
        <SelectField
          label="Size"
          name="size"
          value={draft.size}
          onChange={set("size")}
          options={GARMENT_SIZE_OPTIONS}
        />
        <TextField
          label="Colour"
          name="color"
          value={draft.color}
          onChange={(e) => set("color")(e.target.value)}
          maxLength={40}
          autoComplete="off"
        />
        <TextField
          label="SKU"
          name="sku"
          value={draft.sku}
          onChange={(e) => set("sku")(e.target.value)}
          maxLength={64}
          autoComplete="off"
        />
        <SelectField
          label="Batch"
          name="batch_id"
          value={draft.batch_id}
          onChange={set("batch_id")}
          options={batchOptions}
          hint={batches.isError ? batches.error.message : batches.isPending ? "Loading batches..." : undefined}
        />
        <SelectField
          label="Tag type"
          name="tag_type"
          value={draft.tag_type}
          onChange={set("tag_type")}
          options={TAG_TYPES.map((t) => [t, `${t} (${TAG_BYTE_BUDGET[t]} bytes)`] as const)}
        />
        {error && (
          <FormAlert title={error.title} className="sm:col-span-2">
            {error.message}
          </FormAlert>
        )}
        <div className="flex flex-wrap items-center justify-end gap-2 sm:col-span-2">
          <p className="mr-auto text-xs text-stone">
            A stock tag: the garment waits for its owner to claim it. To hand it to a client, pick the client below and
            use 'Attach &amp; write'.
          </p>
          <Button type="submit" name="program" disabled={busy} aria-busy={busy}>
            {busy ? "Programming..." : simulated ? "Program simulated tag" : "Program tag"}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The outcome: chip id, UID, slug, URL, status and QR; while writing, the hint to hold the tag and a Cancel. */
export function ProgramResult({
  run,
  onCancel,
  onRetry,
  onDone,
}: {
  run: ProgramRun;
  onCancel: () => void;
  onRetry: () => void;
  onDone: () => void;
}) {
  const simulated = run.mode === "simulation";
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The outcome takes the focus once known, so a screen reader hears it, and shows from its top
  // (what was written under its heading, issue #49): focus alone scrolls it barely into view. Its
  // scroll margin keeps it clear of the site's header; the notices open at the foot.
  useEffect(() => {
    if (run.phase !== "done") return;
    section.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [run.phase]);
  const canRetry = canRetryWrite(run);
  return (
    <section
      ref={section}
      aria-labelledby="program-result-heading"
      className={`flex min-w-0 scroll-mt-24 flex-col gap-4 border bg-white p-4 ${
        simulated ? "border-dashed border-gold" : run.ok === false ? "border-danger/50" : "border-ink/20"
      }`}
    >
      <h2 id="program-result-heading" ref={heading} tabIndex={-1} className="font-display text-2xl outline-none">
        {run.phase !== "done"
          ? `Programming ${run.programmed.tag.garment?.title ?? "tag"}`
          : run.ok
            ? TAG_MESSAGES.programmed
            : TAG_MESSAGES.programmingError}
      </h2>
      {simulated && <SimulationBadge />}
      {run.phase === "writing" && !simulated && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 border border-gold/60 bg-ivory p-3 text-sm"
        >
          <p>Hold the tag against the back of the phone until it is written.</p>
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      )}
      {run.phase === "recording" && (
        <p role="status" className="text-sm text-stone">
          Recording the write...
        </p>
      )}
      {run.phase === "done" && run.ok === false && (
        <div role="alert" className="border-l-2 border-danger bg-danger/5 px-4 py-3 text-sm text-danger">
          <p className="font-medium">{TAG_MESSAGES.programmingError}</p>
          {run.error && <p>{run.error}</p>}
          <p>The tag stays inactive until a write succeeds.</p>
        </div>
      )}
      {run.phase === "done" && run.ok === true && (
        <p role="status" className="text-sm">
          {simulated ? "Recorded as written (simulation): " : "Written and recorded: "}
          the tag is {run.tag.status}
          {run.attachedTo ? `, its garment in ${run.attachedTo.name}'s wardrobe.` : "."}
        </p>
      )}
      {run.phase === "done" && run.ok === null && run.error && (
        <FormAlert title="The write could not be recorded">{run.error}</FormAlert>
      )}
      <TagFacts
        tag={run.tag}
        uidNote={
          run.simulatedUid ? (
            <span className="block break-normal font-sans text-xs text-stone">
              Simulated chip {run.simulatedUid}: not stored, no chip was written.
            </span>
          ) : null
        }
      />
      <WritePreview
        url={run.programmed.url}
        qr={run.programmed.qr}
        tagType={run.programmed.tagType}
        byteBudget={run.programmed.byteBudget}
        simulated={simulated}
      />
      {run.phase === "done" && run.ok === true && run.tag.garment && (
        <ProductPhoto key={run.tag.garment.id} garmentId={run.tag.garment.id} garmentTitle={run.tag.garment.title} />
      )}
      {run.phase === "done" && (
        <div className="flex flex-wrap justify-end gap-2">
          {canRetry && (
            <Button variant="secondary" onClick={onRetry}>
              Retry write
            </Button>
          )}
          <Button variant="secondary" onClick={onDone}>
            Close
          </Button>
        </div>
      )}
    </section>
  );
}
