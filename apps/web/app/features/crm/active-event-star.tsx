import type { EventState } from "@releve/core/crm/rules";
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

/**
 * An event's state as a badge (issue #49): the one state the selector and the tagging agree on
 * (core crm/rules eventState). 'Active' is the event new scans and contacts are tagged with.
 */
export function EventBadge({ state, className = "" }: { state: EventState; className?: string }) {
  const said = {
    active: { text: m.crm_badge_active(), tone: "border-gold/60 text-gold" },
    past: { text: m.crm_badge_past(), tone: "border-ink/20 text-stone" },
    inactive: { text: m.crm_badge_inactive(), tone: "border-ink/20 text-stone" },
    upcoming: { text: m.crm_badge_upcoming(), tone: "border-ink/30 text-ink" },
    open: null,
  }[state];
  if (!said) return null;
  return (
    <p className={`flex flex-wrap items-center gap-2 text-xs uppercase tracking-[0.14em] ${className}`}>
      <span className={`border px-2 py-0.5 ${said.tone}`}>{said.text}</span>
      {state === "active" && (
        <span className="normal-case tracking-normal text-stone">{m.crm_tagging_new_scans()}</span>
      )}
    </p>
  );
}

/** Whether an event in this state can be chosen as the active one (the server decides the same). */
export const choosable = (state: EventState) => state === "active" || state === "upcoming" || state === "open";
