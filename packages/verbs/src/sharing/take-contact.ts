import type { DomainEvent } from "@releve/core/platform/events";
import type { RateVerdict } from "@releve/core/sharing/contact-limits";
import { withdrawToken } from "@releve/core/sharing/withdraw";
import { domainEvent } from "@releve/db/platform/events";
import { type CapturedContact, takeContact as fileContact, type PublicContact } from "@releve/db/sharing/commands";
import { currentLocale } from "@releve/i18n/current";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type TakeContactOutcome =
  | { code: "stored" | "repeat"; contactId: number; withdrawToken: string }
  | { code: Exclude<RateVerdict, "ok"> };

/**
 * Someone's details filed with an owner through a public door (the share card, a contact card,
 * a share token; issues #28, #29, #33): idempotent for a repeat, counted against the caps, and
 * stored with its contact.received event in one batch. The event's consumers tell the owner
 * (their alert) and send a visitor who left an address the mail with their withdrawal link, in
 * the language of the page they used. The outcome carries the same link's token for the success
 * screen.
 */
export async function takeContact(
  effects: Effects,
  intake: Omit<PublicContact, "door" | "event">,
): Promise<TakeContactOutcome> {
  const event = domainEvent("contact.received", {
    actor: effects.actor,
    subjects: { garmentId: intake.target.garmentId },
    personId: intake.target.ownerUserId,
    payload: { contactId: 0, source: intake.source, origin: effects.origin, locale: currentLocale() },
    at: effects.now(),
  });
  const result = await fileContact(effects.db, { door: "public", ...intake, event }, effects.now().getTime());
  if (result.status !== "stored" && result.status !== "repeat") return { code: result.status };
  if (result.status === "stored") await publishEvents(effects, [event]);
  return {
    code: result.status,
    contactId: result.contactId,
    withdrawToken: await withdrawToken(effects.secret, result.contactId),
  };
}

export type CaptureGuestOutcome = { code: "stored"; contactId: number };

/**
 * A guest an admin met at a brand event, filed with a client (spec part 2 §5): stored with the
 * default consent, its audit row and its contact.received event in one batch; the client is told.
 */
export async function captureGuest(
  effects: Effects,
  capture: Omit<CapturedContact, "door" | "event">,
): Promise<CaptureGuestOutcome> {
  const event: DomainEvent = domainEvent("contact.received", {
    actor: effects.actor,
    subjects: { garmentId: capture.garmentId },
    personId: capture.ownerUserId,
    payload: { contactId: 0, source: "nfc_tap", origin: effects.origin, locale: currentLocale() },
    at: effects.now(),
  });
  const { contactId } = await fileContact(effects.db, { door: "capture", ...capture, event });
  await publishEvents(effects, [event]);
  return { code: "stored", contactId };
}
