import { m } from "@releve/i18n/messages";
import { CopyButton } from "../../components/copy-button";
import { ShareButton } from "../../components/share-button";

/** 'Share my card' on the dashboard: the owner's contact card link, to copy or show as a QR code. */
export function ShareCardPanel({ card, sharing }: { card: { url: string; qr: string }; sharing: boolean }) {
  return (
    <section aria-labelledby="share-card-title" className="border border-ink/10 bg-white p-6">
      <h2 id="share-card-title" className="font-display text-xl">
        {m.visit_share_my_card()}
      </h2>
      <p className="mt-2 text-sm text-stone">{sharing ? m.visit_card_sharing_on() : m.visit_card_sharing_off()}</p>
      <div className="mt-4 flex items-start justify-between gap-3">
        <a href={card.url} className="min-w-0 break-all text-sm underline underline-offset-4">
          {card.url}
        </a>
        <div className="flex shrink-0 flex-col gap-2">
          <ShareButton label={m.visit_card_link()} title={m.visit_share_my_card()} url={card.url} />
          <CopyButton label={m.visit_card_link()} value={card.url} />
        </div>
      </div>
      <img
        src={card.qr}
        alt={m.visit_card_qr_alt({ url: card.url })}
        width={160}
        height={160}
        className="mx-auto mt-5 size-40"
      />
    </section>
  );
}
