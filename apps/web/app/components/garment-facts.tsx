import { m } from "@releve/i18n/messages";
import type { GarmentWords } from "../lib/garment-words";

/**
 * A garment's brand, type, colour and size: the `<dt>`/`<dd>` pairs of its `<dl>`. Shared by the
 * wardrobe's pages and the transfer page (ownership).
 */
export function GarmentFacts({
  labels,
  typeLabel = m.wardrobe_fact_type(),
}: {
  /** garmentWords(g), or garmentLabels(g) where another room still gives those. */
  labels: GarmentWords;
  typeLabel?: string;
}) {
  return (
    <>
      <dt className="text-stone">{m.wardrobe_fact_brand()}</dt>
      <dd>{labels.brand}</dd>
      <dt className="text-stone">{typeLabel}</dt>
      <dd>{labels.type}</dd>
      <dt className="text-stone">{m.wardrobe_fact_colour()}</dt>
      <dd>{labels.color}</dd>
      <dt className="text-stone">{m.wardrobe_fact_size()}</dt>
      <dd>{labels.size}</dd>
    </>
  );
}
