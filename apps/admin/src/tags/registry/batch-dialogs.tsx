import { counted } from "@releve/core/platform/plural";
import type { TagBatch } from "@releve/core/tags/contracts";
import { BATCH_PROGRAM_MAX, IMPORT_MAX_CHARS, TAG_TYPES } from "@releve/core/tags/rules";
import { Button, ButtonAnchor, TextField } from "@releve/ui";
import { type FormEvent, useState } from "react";
import { CsvImportDialog } from "../../csv-import";
import { useNotify } from "../../notify";
import { ProductPicker } from "../../passport/product-picker";
import { DialogActions, Modal, SelectField } from "../../ui";
import { batchProgramInput, EMPTY_PROGRAM, type ProgramDraft } from "./batch-program";
import { GARMENT_SIZE_OPTIONS, GARMENT_TYPE_OPTIONS } from "./labels";
import { useImportBatch, useProgramBatch } from "./queries";

/** Where a batch's files and labels are: its encoder CSV and its printable QR page. */
const encoderCsvHref = (batch: Pick<TagBatch, "id">) => `/api/admin/tag-batches/${batch.id}/encoder.csv`;
const qrPageHref = (batch: Pick<TagBatch, "id">) => `/admin/batches/${batch.id}/qr`;

/** The batch's two outputs, once it has tags. */
export function BatchFiles({ batch, size = "sm" }: { batch: TagBatch; size?: "sm" | "md" }) {
  return (
    <>
      <ButtonAnchor href={encoderCsvHref(batch)} download variant="secondary" size={size} className="whitespace-nowrap">
        Download encoder CSV<span className="sr-only"> of {batch.batch_name}</span>
      </ButtonAnchor>
      <ButtonAnchor
        href={qrPageHref(batch)}
        target="_blank"
        rel="noopener"
        variant="secondary"
        size={size}
        className="whitespace-nowrap"
      >
        Print QR codes<span className="sr-only"> of {batch.batch_name} (opens in a new tab)</span>
      </ButtonAnchor>
      <ButtonAnchor
        href={`/api/admin/tag-batches/${batch.id}/passports.jsonl`}
        download
        variant="secondary"
        size={size}
        className="whitespace-nowrap"
        title="One JSON-LD passport per line, for the batch's garments that belong to a product"
      >
        Passports (JSON Lines)<span className="sr-only"> of {batch.batch_name}</span>
      </ButtonAnchor>
    </>
  );
}

/**
 * 'Program a batch': N stock garments of one type, each with its tag, in one request (a
 * second or two for 1,000). The server validates; its message is shown as it is.
 */
export function ProgramBatchDialog({ batch, onClose }: { batch: TagBatch; onClose: () => void }) {
  const [draft, setDraft] = useState<ProgramDraft>(EMPTY_PROGRAM);
  // A pre-encoded pool (issue #19): no details, the owner gives them when registering each piece.
  const [pool, setPool] = useState(false);
  const programming = useProgramBatch();
  const notify = useNotify();
  const set = (key: Exclude<keyof ProgramDraft, "product">) => (value: string) => setDraft({ ...draft, [key]: value });

  function submit(event: FormEvent) {
    event.preventDefault();
    programming.mutate(
      { batchId: batch.id, input: batchProgramInput(draft, pool) },
      {
        onSuccess: ({ programmed }) =>
          notify({
            type: "success",
            title: `${programmed} tag${programmed === 1 ? "" : "s"} programmed`,
            description: batch.batch_name,
          }),
      },
    );
  }

  if (programming.isSuccess) {
    const { programmed } = programming.data;
    return (
      <Modal title={`Program ${batch.batch_name}`} onClose={onClose}>
        <div role="status" className="mt-4 border-l-2 border-gold bg-gold/10 px-4 py-3 text-sm">
          <p className="font-medium">
            {programmed} garment{programmed === 1 ? "" : "s"} and tag{programmed === 1 ? "" : "s"} programmed.
          </p>
          <p className="mt-1 text-stone">
            Give the encoder file to the tag supplier, or print the QR labels. Import the encoder's UIDs when the chips
            are written.
          </p>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <BatchFiles batch={batch} size="md" />
        </div>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => programming.reset()}>
            Program more
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={`Program ${batch.batch_name}`} onClose={onClose}>
      <p className="mt-2 text-sm text-stone">
        Makes stock garments of one type, each with a tag and its link, ready for the encoder.
      </p>
      <form onSubmit={submit} className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2" noValidate>
        <ProductPicker
          value={draft.product}
          onChange={(product) =>
            setDraft({
              ...draft,
              product,
              // The product's type, and (unless one is typed) its name, fill the form.
              garment_type: product?.garment_type ?? draft.garment_type,
              name: product && !draft.name ? product.name : draft.name,
            })
          }
          className="sm:col-span-2"
        />
        <SelectField
          label="Garment type *"
          name="garment_type"
          value={draft.garment_type}
          onChange={set("garment_type")}
          required
          options={GARMENT_TYPE_OPTIONS}
        />
        <TextField
          label="Count *"
          name="count"
          type="number"
          inputMode="numeric"
          min={1}
          max={BATCH_PROGRAM_MAX}
          step={1}
          value={draft.count}
          onChange={(e) => set("count")(e.target.value)}
          hint={`1 to ${BATCH_PROGRAM_MAX.toLocaleString("en-GB")}`}
          required
        />
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name="pool"
            checked={pool}
            onChange={(e) => setPool(e.target.checked)}
            className="mt-0.5 size-4 accent-ink"
          />
          Pre-encoded pool: the owner names each piece when registering it
        </label>
        {!pool && (
          <>
            <TextField
              label="Name"
              name="name"
              value={draft.name}
              maxLength={120}
              onChange={(e) => set("name")(e.target.value)}
              hint={draft.product ? "Defaults to the product's name" : "Defaults to the garment type"}
              className="sm:col-span-2"
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
              maxLength={40}
              onChange={(e) => set("color")(e.target.value)}
            />
            <TextField
              label="SKU prefix"
              name="sku_prefix"
              value={draft.sku_prefix}
              maxLength={40}
              onChange={(e) => set("sku_prefix")(e.target.value)}
            />
          </>
        )}
        <SelectField
          label="Tag type"
          name="tag_type"
          value={draft.tag_type}
          onChange={set("tag_type")}
          options={TAG_TYPES.map((t) => [t, t] as const)}
        />
        {programming.isPending && (
          <div role="status" className="flex flex-col gap-2 text-sm sm:col-span-2">
            <p>Programming {counted(Number(draft.count), ["tag", "tags"])}…</p>
            <progress
              aria-label={`Programming ${counted(Number(draft.count), ["tag", "tags"])}`}
              className="h-1 w-full accent-gold"
            />
          </div>
        )}
        {programming.isError && (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            {programming.error.message}
          </p>
        )}
        <DialogActions
          onCancel={onClose}
          cancelDisabled={programming.isPending}
          submitLabel="Program tags"
          pendingLabel="Programming..."
          pending={programming.isPending}
          className="sm:col-span-2"
        />
      </form>
    </Modal>
  );
}

/**
 * 'Import encoder CSV': the (UID, slug) file the encoder wrote back, chosen or pasted. The
 * server checks every row first: one bad row refuses the file, every problem listed, nothing
 * written.
 */
export function ImportBatchDialog({ batch, onClose }: { batch: TagBatch; onClose: () => void }) {
  const importing = useImportBatch(batch.id);
  const notify = useNotify();
  return (
    <CsvImportDialog
      title={`Import encoder CSV: ${batch.batch_name}`}
      intro="A CSV of each chip's UID and its slug (or URL), one row per tag, as the encoder wrote them."
      placeholder={"UID,Slug\n04A23B4C5D6E7F,ja-7qk2m9xdwe"}
      maxChars={IMPORT_MAX_CHARS}
      importing={importing}
      onImported={({ assigned, unchanged }) =>
        notify({
          type: "success",
          title: "Encoder CSV imported",
          description: `${assigned} assigned · ${unchanged} unchanged`,
        })
      }
      outcome={({ assigned, unchanged }) => (
        <>
          <p className="font-medium">
            {assigned} UID{assigned === 1 ? "" : "s"} assigned · {unchanged} unchanged.
          </p>
          <p className="mt-1 text-stone">The batch's counters are updated.</p>
        </>
      )}
      onClose={onClose}
    />
  );
}
