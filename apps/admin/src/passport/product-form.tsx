import type { Product, ProductInput } from "@releve/core/passport/contracts";
import {
  CARE_CATEGORIES,
  CARE_SYMBOLS,
  type CareCategory,
  countryName,
  FIBRE_NAME_MAX,
  FIBRES_MAX,
} from "@releve/core/passport/product-rules";
import { GARMENT_TYPES } from "@releve/core/tags/rules";
import { Button, CareSymbol, TextAreaField, TextField } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useNotify } from "../notify";
import { DialogActions, Modal, SelectField } from "../ui";
import { ProductImage } from "./product-image";
import { nextGtinQuery, useSaveProduct } from "./queries";

type FibreDraft = { key: number; fibre: string; percent: string };
type Draft = {
  gtin: string;
  name: string;
  garment_type: string;
  description: string;
  fibres: FibreDraft[];
  country_of_making: string;
  care: Record<CareCategory, string>;
  services_text: string;
  services_url: string;
  recycled_percent: string;
};

let fibreKey = 0;
const fibreRow = (fibre = "", percent = ""): FibreDraft => ({ key: ++fibreKey, fibre, percent });
const NO_CARE = Object.fromEntries(CARE_CATEGORIES.map((c) => [c, ""])) as Record<CareCategory, string>;

const draftOf = (p: Product | null): Draft => ({
  gtin: p?.gtin ?? "",
  name: p?.name ?? "",
  garment_type: p?.garment_type ?? "",
  description: p?.description ?? "",
  fibres: p?.composition.length ? p.composition.map((f) => fibreRow(f.fibre, String(f.percent))) : [fibreRow()],
  country_of_making: p?.country_of_making ?? "",
  care: { ...NO_CARE, ...Object.fromEntries(Object.entries(p?.care ?? {}).map(([k, v]) => [k, v ?? ""])) },
  services_text: p?.services_text ?? "",
  services_url: p?.services_url ?? "",
  recycled_percent: p?.recycled_percent === null || p?.recycled_percent === undefined ? "" : String(p.recycled_percent),
});

/** A number as typed, or the text itself: the server names what is wrong with it. */
const numberOf = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : value.trim());

/** The draft as the API's body: blank fibre rows left out, every check left to the server. */
const bodyOf = (d: Draft): ProductInput => ({
  gtin: d.gtin.trim(),
  name: d.name,
  garment_type: (d.garment_type || null) as ProductInput["garment_type"],
  description: d.description || null,
  composition: d.fibres
    .filter((f) => f.fibre.trim() || f.percent.trim())
    .map((f) => ({ fibre: f.fibre, percent: numberOf(f.percent) as number })),
  country_of_making: d.country_of_making.trim() || null,
  care: Object.fromEntries(CARE_CATEGORIES.map((c) => [c, d.care[c] || null])),
  services_text: d.services_text || null,
  services_url: d.services_url || null,
  recycled_percent: d.recycled_percent.trim() === "" ? null : (numberOf(d.recycled_percent) as number),
});

const TYPE_OPTIONS = [["", "No type"], ...GARMENT_TYPES.map((t) => [t, t] as const)] as const;

/**
 * 'New product' and 'Edit product' (issue #31): GTIN, name, type, description, composition (fibres
 * and their shares, their sum shown as it is typed), country of making, the five ISO 3758 care
 * choices (each drawn with its words), repair and care services, recycled content; then, once
 * saved, the product's photo. The server judges every field and its refusal names the field.
 */
export function ProductForm({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const [saved, setSaved] = useState<Product | null>(product);
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const saving = useSaveProduct();
  const next = useQuery({ ...nextGtinQuery, enabled: product === null });
  const notify = useNotify();
  const compositionId = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setFibre = (key: number, field: "fibre" | "percent", value: string) =>
    set(
      "fibres",
      draft.fibres.map((f) => (f.key === key ? { ...f, [field]: value } : f)),
    );
  const sum = draft.fibres.reduce((total, f) => total + (Number.parseInt(f.percent, 10) || 0), 0);
  const anyFibre = draft.fibres.some((f) => f.fibre.trim() || f.percent.trim());
  const country = draft.country_of_making.trim().toUpperCase();
  const countryHint =
    country.length === 2 ? (countryName(country) ?? "Not an ISO 3166 code") : "Two letters, like FR or IT";

  function submit(event: FormEvent) {
    event.preventDefault();
    saving.mutate(
      { id: saved?.id ?? "new", body: bodyOf(draft) },
      {
        onSuccess: ({ product: after, message }) => {
          notify({ type: "success", title: message, description: after.name });
          // A new product stays open, now to be edited: its photo can be added.
          setSaved(after);
          setDraft(draftOf(after));
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
              className={`text-sm ${anyFibre && sum !== 100 ? "text-danger" : "text-stone"}`}
            >
              {anyFibre
                ? `The shares sum to ${sum}%${sum === 100 ? "." : ": they must sum to 100%."}`
                : "No fibres yet."}
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
          hint={countryHint}
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
