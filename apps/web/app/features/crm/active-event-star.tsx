import { m } from "@releve/i18n/messages";
import { Form, useNavigation } from "react-router";

/**
 * The star toggle of an event card (spec part 2 §2): sets this event as the one new scans
 * and contacts are tagged with, or clears it when it already is. A plain POST form.
 */
export function ActiveEventStar({ eventId, name, active }: { eventId: number; name: string; active: boolean }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "set-active-event" &&
    navigation.formData?.get("star") === String(eventId);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="set-active-event" />
      <input type="hidden" name="star" value={eventId} />
      <input type="hidden" name="eventId" value={active ? "" : eventId} />
      <button
        type="submit"
        aria-pressed={active}
        aria-label={active ? m.crm_star_clear({ name }) : m.crm_star_make({ name })}
        title={active ? m.crm_star_title_active() : m.crm_star_title_set()}
        disabled={busy}
        className="inline-flex size-11 items-center justify-center text-2xl leading-none text-gold transition-colors hover:bg-gold/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:opacity-50"
      >
        <span aria-hidden>{active ? "★" : "☆"}</span>
      </button>
    </Form>
  );
}

/** The Active/Inactive badge of an event (its own flag), and whether it is tagging new scans now. */
export function EventBadges({
  flagged,
  current,
  className = "",
}: {
  flagged: boolean;
  current: boolean;
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap items-center gap-2 text-xs uppercase tracking-[0.14em] ${className}`}>
      <span
        className={`border px-2 py-0.5 ${flagged ? "border-emerald-700/40 text-emerald-800" : "border-ink/20 text-stone"}`}
      >
        {flagged ? m.crm_badge_active() : m.crm_badge_inactive()}
      </span>
      {current && <span className="border border-gold/50 px-2 py-0.5 text-gold">{m.crm_tagging_new_scans()}</span>}
    </p>
  );
}
