import { garmentLabels, garmentPhoto } from "@releve/core/garment";
import type { WardrobeGarment } from "@releve/db/garments";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";
import { formatDay } from "../lib/crm-format";

export type GarmentCardData = Omit<WardrobeGarment, "short_slug" | "is_active" | "claimed_at">;

/** A garment's brand, type, colour and size: the `<dt>`/`<dd>` pairs of its `<dl>`. */
export function GarmentFacts({
  labels,
  typeLabel = "Type",
}: {
  labels: ReturnType<typeof garmentLabels>;
  typeLabel?: string;
}) {
  return (
    <>
      <dt className="text-stone">Brand</dt>
      <dd>{labels.brand}</dd>
      <dt className="text-stone">{typeLabel}</dt>
      <dd>{labels.type}</dd>
      <dt className="text-stone">Colour</dt>
      <dd>{labels.color}</dd>
      <dt className="text-stone">Size</dt>
      <dd>{labels.size}</dd>
    </>
  );
}

export function GarmentCard({ garment, highlight = false }: { garment: GarmentCardData; highlight?: boolean }) {
  const labels = garmentLabels(garment);
  return (
    <article
      aria-label={labels.name}
      className={`flex flex-col border bg-white ${highlight ? "border-gold ring-1 ring-gold" : "border-ink/10"}`}
    >
      <img
        src={`/images/garments/${garmentPhoto(garment)}.svg`}
        alt=""
        width={400}
        height={500}
        loading="lazy"
        className="aspect-[4/5] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-display text-xl">{labels.name}</h3>
          <span className="shrink-0 border border-gold/40 px-2 py-0.5 text-[10px] uppercase tracking-[0.18em] text-gold">
            Authenticated
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <GarmentFacts labels={labels} />
          <dt className="text-stone">Added</dt>
          <dd>{formatDay(garment.created_at)}</dd>
          <dt className="text-stone">Taps</dt>
          <dd>{garment.taps}</dd>
        </dl>
        <Link to={`/dashboard/garment/${garment.id}`} className={buttonClass("secondary", "mt-auto")}>
          View Details
        </Link>
      </div>
    </article>
  );
}
