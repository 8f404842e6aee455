import type { PublicProfile } from "@releve/core/sharing/share-visibility";
import { m } from "@releve/i18n/messages";

/** A channel's label on the card, by its kind, in the page's language; core's own label otherwise. */
const CHANNEL_LABELS: Record<string, () => string> = {
  email: () => m.channel_email(),
  mobile: () => m.channel_phone(),
  website: () => m.channel_website(),
  instagram: () => m.channel_instagram(),
  linkedin: () => m.channel_linkedin(),
};

/** The owner as a visitor sees them after a tap; also the live preview on the profile form. */
export function OwnerCard({
  profile,
  garmentTitle,
  verified = false,
  photo = null,
}: {
  profile: PublicProfile;
  garmentTitle?: string | null;
  /** The card was opened by a verified tap of a secure tag (issue #21). */
  verified?: boolean;
  /** The garment's photo, when its owner shows it on the card (issue #19). */
  photo?: { url: string; width: number; height: number } | null;
}) {
  return (
    <article
      aria-label={m.card_label({ name: profile.name })}
      className="border border-ink/10 bg-white p-6 text-center shadow-sm"
    >
      {photo && (
        // Its own width and height: the browser keeps the box before the bytes arrive (no layout shift).
        <img
          src={photo.url}
          width={photo.width}
          height={photo.height}
          alt={garmentTitle ?? m.card_garment()}
          decoding="async"
          className="mb-6 block h-auto w-full bg-ivory"
        />
      )}
      {verified && (
        <p className="mb-4 inline-flex items-center gap-2 border border-emerald-800/40 px-3 py-1 text-xs uppercase tracking-[0.18em] text-emerald-800">
          <span aria-hidden>✓</span>
          {m.secure_authenticated()}
        </p>
      )}
      <div
        aria-hidden
        className="mx-auto flex size-20 items-center justify-center rounded-full bg-ink font-display text-2xl tracking-widest text-ivory"
      >
        {profile.initials}
      </div>
      <h2 className="mt-4 font-display text-2xl">{profile.name}</h2>
      {(profile.title || profile.company) && (
        <p className="mt-1 text-sm text-ink">{[profile.title, profile.company].filter(Boolean).join(" · ")}</p>
      )}
      {profile.cityRegion && (
        <p className="mt-1 text-sm uppercase tracking-[0.18em] text-stone">{profile.cityRegion}</p>
      )}
      {profile.bio && <p className="mx-auto mt-4 max-w-sm text-stone">{profile.bio}</p>}
      {profile.channels.length > 0 ? (
        <ul className="mt-6 flex flex-col gap-2 text-left">
          {profile.channels.map((c) => (
            <li key={c.kind}>
              <a
                href={c.href}
                rel="noopener noreferrer nofollow"
                target={c.href.startsWith("http") ? "_blank" : undefined}
                className="flex min-h-11 items-center justify-between gap-4 border border-ink/10 px-4 py-2 hover:border-ink"
              >
                <span className="text-xs uppercase tracking-[0.16em] text-stone">
                  {CHANNEL_LABELS[c.kind]?.() ?? c.label}
                </span>
                <span className="min-w-0 truncate">{c.value}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-sm text-stone">{m.card_no_details()}</p>
      )}
      {garmentTitle && (
        <p className="mt-6 inline-block border border-gold/40 px-3 py-1 text-xs uppercase tracking-[0.18em] text-gold">
          {garmentTitle}
        </p>
      )}
    </article>
  );
}
