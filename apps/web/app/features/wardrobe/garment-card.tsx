import type { WardrobeGarment } from "@releve/db/wardrobe/queries";
import { formatDay, formatNumber } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";
import { GarmentFacts } from "../../components/garment-facts";
import { GarmentImage } from "./garment-image";
import { garmentWords } from "./words";

export type GarmentCardData = Omit<WardrobeGarment, "short_slug" | "is_active" | "claimed_at">;

export function GarmentCard({
  garment,
  highlight = false,
  onOpen,
}: {
  garment: GarmentCardData;
  highlight?: boolean;
  /** Opens the wardrobe's detail view of this piece (photo, NFC Sync, connections). */
  onOpen?: () => void;
}) {
  const labels = garmentWords(garment);
  const locale = currentLocale();
  const image = <GarmentImage garment={garment} alt={m.wardrobe_photo_of({ name: labels.name })} card />;
  return (
    <article
      aria-label={labels.name}
      className={`@container flex flex-col border bg-white ${highlight ? "border-gold ring-1 ring-gold" : "border-ink/10"}`}
    >
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          aria-label={m.wardrobe_open_piece({ name: labels.name })}
          className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
        >
          {image}
        </button>
      ) : (
        image
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-display text-xl">{labels.name}</h3>
          <span className="shrink-0 border border-gold/40 px-2 py-0.5 text-[10px] uppercase tracking-[0.18em] text-gold">
            {m.wardrobe_authenticated()}
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <GarmentFacts labels={labels} />
          <dt className="text-stone">{m.wardrobe_fact_added()}</dt>
          <dd>{formatDay(locale, garment.created_at)}</dd>
          <dt className="text-stone">{m.wardrobe_fact_taps()}</dt>
          <dd>{formatNumber(locale, garment.taps)}</dd>
        </dl>
        {/* Equal buttons, side by side where the card is wide enough, else one under the other (issue #35). */}
        <div className={`mt-auto grid grid-cols-1 gap-2 ${onOpen ? "@[22rem]:grid-cols-2" : ""}`}>
          <Link to={`/dashboard/garment/${garment.id}`} className={buttonClass("secondary", "w-full px-3")}>
            {m.wardrobe_view_details()}
          </Link>
          {onOpen && (
            <button type="button" onClick={onOpen} className={buttonClass("ghost", "w-full border border-ink/20 px-3")}>
              {m.wardrobe_photo_and_nfc()}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
