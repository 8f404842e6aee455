import type { Product } from "@releve/core/passport/contracts";
import { CARE_CATEGORIES, CARE_SYMBOLS, FIBRE_NAME_MAX, FIBRES_MAX } from "@releve/core/passport/product-rules";
import { GARMENT_TYPES } from "@releve/core/tags/rules";
import { Button, CareSymbol, TextAreaField, TextField } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useNotify } from "../notify";
import { DialogActions, Modal, SelectField } from "../ui";
import { compositionSum, countryHint, fibreRow, type ProductDraft, productBody, productDraft } from "./product-draft";
import { ProductImage } from "./product-image";
import { nextGtinQuery, useSaveProduct } from "./queries";

const TYPE_OPTIONS = [["", "No type"], ...GARMENT_TYPES.map((t) => [t, t] as const)] as const;

/**
 * 'New product' and 'Edit product' (issue #31): GTIN, name, type, description, composition (fibres
 * and their shares, their sum shown as it is typed), country of making, the five ISO 3758 care
 * choices (each drawn with its words), repair and care services, recycled content; then, once
 * saved, the product's photo. The server judges every field and its refusal names the field.
 */
export function ProductForm({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const [saved, setSaved] = useState<Product | null>(product);
  const [draft, setDraft] = useState<ProductDraft>(() => productDraft(product));
  const saving = useSaveProduct();
  const next = useQuery({ ...nextGtinQuery, enabled: product === null });
  const notify = useNotify();
  const compositionId = useId();
  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setFibre = (key: number, field: "fibre" | "percent", value: string) =>
    set(
      "fibres",
      draft.fibres.map((f) => (f.key === key ? { ...f, [field]: value } : f)),
    );
  const composition = compositionSum(draft.fibres);

  function submit(event: FormEvent) {
    event.preventDefault();
    saving.mutate(
      { id: saved?.id ?? "new", body: productBody(draft) },
      {
        onSuccess: ({ product: after, message }) => {
          notify({ type: "success", title: message, description: after.name });
          // A new product stays open, now to be edited: its photo can be added.
          setSaved(after);
          setDraft(productDraft(after));
        },
      },
    );
  }

  return (
    <Modal title={saved ? `Edit ${saved.name}` : "New product"} onClose={onClose}>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4" aria-label="Product">
        <TextField
          label="GTIN *"
          name="gtin"
          value={draft.gtin}
          onChange={(e) => set("gtin", e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          hint={
            saved && saved.garments > 0
              ? "Fixed: garments of this product carry it on their tags."
              : "GTIN-14 (or 8, 12 or 13 digits, padded), its check digit verified."
          }
          readOnly={Boolean(saved && saved.garments > 0)}
          required
        />
        {!saved && next.data && (
          <div className="-mt-2 flex flex-wrap items-center gap-2 text-xs text-stone">
            <span>
              Company Prefix {next.data.prefix}
              {next.data.test ? " (GS1's test range: set GS1_COMPANY_PREFIX before real products)" : ""}
            </span>
            {next.data.gtin && draft.gtin !== next.data.gtin && (
              <Button variant="secondary" size="sm" onClick={() => set("gtin", next.data.gtin ?? "")}>
                Use next GTIN {next.data.gtin}
              </Button>
            )}
          </div>
        )}
        <TextField
          label="Name *"
          name="name"
          value={draft.name}
          onChange={(e) => set("name", e.target.value)}
          maxLength={120}
          required
        />
        <SelectField
          label="Type"
          name="garment_type"
          value={draft.garment_type}
          onChange={(v) => set("garment_type", v)}
          options={TYPE_OPTIONS}
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          maxLength={2000}
          value={draft.description}
          onChange={(e) => set("description", e.target.value)}
        />
        <fieldset className="flex flex-col gap-2" aria-describedby={`${compositionId}-sum`}>
          <legend className="mb-2 text-xs font-medium uppercase tracking-[0.16em]">Composition</legend>
          {draft.fibres.map((f, index) => (
            <div key={f.key} className="grid grid-cols-[minmax(0,1fr)_5.5rem_auto] items-end gap-2">
              <TextField
                label={`Fibre ${index + 1}`}
                name={`fibre-${index}`}
                value={f.fibre}
                maxLength={FIBRE_NAME_MAX}
                onChange={(e) => setFibre(f.key, "fibre", e.target.value)}
                placeholder="Silk"
              />
              <TextField
                label="%"
                name={`percent-${index}`}
                value={f.percent}
                inputMode="numeric"
                maxLength={3}
                onChange={(e) => setFibre(f.key, "percent", e.target.value)}
                aria-label={`Fibre ${index + 1} share in percent`}
              />
              <Button
                variant="secondary"
                size="sm"
                className="mb-1"
                disabled={draft.fibres.length === 1}
                onClick={() =>
                  set(
                    "fibres",
                    draft.fibres.filter((x) => x.key !== f.key),
                  )
                }
              >
                Remove<span className="sr-only"> fibre {index + 1}</span>
              </Button>
            </div>
          ))}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p
              id={`${compositionId}-sum`}
              aria-live="polite"
              className={`text-sm ${composition.wrong ? "text-danger" : "text-stone"}`}
            >
              {composition.text}
            </p>
            <Button
              variant="secondary"
              size="sm"
              disabled={draft.fibres.length >= FIBRES_MAX}
              onClick={() => set("fibres", [...draft.fibres, fibreRow()])}
            >
              Add a fibre
            </Button>
          </div>
        </fieldset>
        <TextField
          label="Country of making"
          name="country_of_making"
          value={draft.country_of_making}
          onChange={(e) => set("country_of_making", e.target.value)}
          maxLength={2}
          autoComplete="off"
          className="max-w-48"
          hint={countryHint(draft.country_of_making)}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-xs font-medium uppercase tracking-[0.16em]">Care (ISO 3758)</legend>
          {CARE_CATEGORIES.map((category) => {
            const code = draft.care[category];
            return (
              <div key={category} className="grid grid-cols-[2.5rem_minmax(0,1fr)] items-end gap-3">
                <span className="mb-1.5 flex size-10 items-center justify-center border border-ink/10 bg-white">
                  {code ? <CareSymbol category={category} code={code} size={32} /> : null}
                </span>
                <SelectField
                  label={CARE_SYMBOLS[category].label}
                  name={`care-${category}`}
                  value={code}
                  onChange={(v) => set("care", { ...draft.care, [category]: v })}
                  options={[["", "Not given"], ...Object.entries(CARE_SYMBOLS[category].choices)]}
                />
              </div>
            );
          })}
        </fieldset>
        <TextAreaField
          label="Repair and care services"
          name="services_text"
          rows={2}
          maxLength={500}
          value={draft.services_text}
          onChange={(e) => set("services_text", e.target.value)}
        />
        <TextField
          label="Repair and care link"
          name="services_url"
          value={draft.services_url}
          onChange={(e) => set("services_url", e.target.value)}
          inputMode="url"
          maxLength={500}
          placeholder="https://…"
        />
        <TextField
          label="Recycled content (%)"
          name="recycled_percent"
          value={draft.recycled_percent}
          onChange={(e) => set("recycled_percent", e.target.value)}
          inputMode="numeric"
          maxLength={3}
          className="max-w-48"
        />
        {saving.isError && (
          <p role="alert" className="border-l-2 border-danger bg-danger/5 px-4 py-3 text-sm text-danger">
            {saving.error.message}
          </p>
        )}
        <DialogActions
          onCancel={onClose}
          cancelLabel={saved ? "Close" : "Cancel"}
          submitLabel={saved ? "Save product" : "Create product"}
          pendingLabel="Saving..."
          pending={saving.isPending}
        />
      </form>
      {saved ? (
        <ProductImage product={saved} onChange={setSaved} />
      ) : (
        <p className="mt-4 text-xs text-stone">Create the product first, then add its photo.</p>
      )}
    </Modal>
  );
}
