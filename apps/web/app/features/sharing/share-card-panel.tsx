import { CopyButton } from "../../components/copy-button";

/** 'Share my card' on the dashboard: the owner's contact card link, to copy or show as a QR code. */
export function ShareCardPanel({ card, sharing }: { card: { url: string; qr: string }; sharing: boolean }) {
  return (
    <section aria-labelledby="share-card-title" className="border border-ink/10 bg-white p-6">
      <h2 id="share-card-title" className="font-display text-xl">
        Share my card
      </h2>
      <p className="mt-2 text-sm text-stone">
        {sharing
          ? "Anyone with this link or code sees the details you share and can send theirs back."
          : "While NFC Sharing is off, this link shows no details: turn sharing on to share your card."}
      </p>
      <div className="mt-4 flex items-start justify-between gap-3">
        <a href={card.url} className="min-w-0 break-all text-sm underline underline-offset-4">
          {card.url}
        </a>
        <CopyButton label="Card link" value={card.url} />
      </div>
      <img src={card.qr} alt={`QR code for ${card.url}`} width={160} height={160} className="mx-auto mt-5 size-40" />
    </section>
  );
}
