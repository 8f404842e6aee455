/**
 * The domain event log's vocabulary (issue #48, decision 0065): every change a verb makes leaves
 * one event, written in the same D1 batch as its rows and delivered afterwards to the consumers
 * of its type. A payload holds what its consumers need and no more: ids of rows and of photo
 * objects, never a name, an address or a message (docs/events.md lists each type's fields and
 * who reads them). A person appears only as the actor's id and the event's `personId` (the one it
 * concerns, e.g. the owner a contact was filed with); deleting the account sets both to null.
 */

/** Who made a change: a signed-in client, a staff member, a visitor without an account, the system. */
export type Actor = { kind: "client" | "admin"; id: string } | { kind: "visitor" | "system"; id: null };

export const ACTOR_KINDS = ["client", "admin", "visitor", "system"] as const;
export const VISITOR: Actor = { kind: "visitor", id: null };
export const SYSTEM: Actor = { kind: "system", id: null };

/** Each event type and its payload. Photo keys name objects the change left unreferenced. */
export type EventPayloads = {
  /** Someone signed up: an account waiting for its address to be confirmed (the person as `personId`). */
  "account.created": Record<string, never>;
  /** Staff made a client's account and profile and mailed the invitation that sets its password. */
  "client.invited": Record<string, never>;
  /** An account and everything naming its holder went (GDPR Art. 17); its photos' objects follow. */
  "account.deleted": { garments: number; photoKeys: string[] };
  /** A visitor's (or client's) details were filed with an owner through a door of the card. */
  "contact.received": { contactId: number; source: string; origin: string; locale: string };
  /** A piece became its owner's: claimed at its tap, or (a pool garment) registered with their details. */
  "garment.claimed": { via: "claim" | "registration" };
  /** Someone asked an owner for a piece (a transfer request); the owner is told. */
  "transfer.requested": { transferId: number };
  /** A piece changed hands through a transfer; the previous owner's photo objects go. */
  "garment.transferred": { transferId: number; photoKeys: string[] };
  /** An owner let a piece go (issue #32): unclaimed again; their photo's objects go. */
  "garment.released": { photoKeys: string[] };
  /** A garment's photo was set, replaced or cleared; the objects no longer used go. */
  "garment.photo_changed": { photoKeys: string[] };
  /** An owner showed their photo on the card, or hid one not yet shown (its keys stay). */
  "garment.photo_visibility_changed": { shown: boolean };
  /** A product's photo was set or replaced; the object no longer used goes. */
  "product.photo_changed": { photoKeys: string[] };
  /** Staff took a garment out of service or put it back (its tap answers 'deactivated' while out). */
  "garment.active_changed": { active: boolean };
  /** Staff gave a garment to another client (the person it concerns). */
  "garment.reassigned": Record<string, never>;
  /** Staff opened a batch of tags. */
  "tag_batch.created": { batchId: number };
  /** Staff programmed `count` stock (or pool) garments and tags of a batch in one request. */
  "tag_batch.programmed": { batchId: number; count: number; pool: boolean };
  /** An encoder's file gave `count` tags of a batch their UIDs. */
  "tag_batch.uids_assigned": { batchId: number; count: number };
  /** Staff registered a new tag and its garment (spec part 2 §4), attached to a client or not. */
  "tag.programmed": { tagType: string; batchId: number | null; attached: boolean };
  /** The programmer reported how writing the tag went: active, or inactive with the error. */
  "tag.written": { ok: boolean };
  /** The tag was registered as an NTAG 424 DNA whose taps must verify (issue #21). */
  "tag.secured": { keyVersion: number };
  /** The tag was made read-only, for good. */
  "tag.locked": Record<string, never>;
  /** Staff moved the tag through its lifecycle: deactivated, reactivated, reported lost or stolen, released. */
  "tag.status_changed": { action: string; status: string };
  /** Staff marked a garment's tag as programmed (written by hand, outside a batch). */
  "garment.programmed": Record<string, never>;
  /** Staff added a product (a model, issue #31); its id, as the batch gave it. */
  "product.created": { productId: number };
  /** Staff replaced a product's fields. */
  "product.updated": Record<string, never>;
  /** Staff imported a product CSV: `created` new products, `updated` known ones replaced. */
  "products.imported": { created: number; updated: number };
  /** Staff added a post to the landing's grid. */
  "post.created": { postId: number };
  /** Staff replaced a post's fields. */
  "post.updated": { postId: number };
  /** Staff deleted a post. */
  "post.deleted": { postId: number };
  /** Staff added a brand event (issue #35). */
  "brand_event.created": { brandEventId: number };
  /** Staff closed a brand event (it files no guest) or reopened it. */
  "brand_event.active_changed": { brandEventId: number; active: boolean };
  /** An owner made a transfer link for their piece (it replaces their previous one). */
  "transfer.link_created": { transferId: number };
  /** An owner cancelled their live transfer link. */
  "transfer.link_cancelled": { transferId: number };
  /** A client saved their profile (what their card shows); the tap answers the new card. */
  "profile.updated": Record<string, never>;
  /** A client turned the sharing of their card at a tap on or off. */
  "profile.sharing_changed": { enabled: boolean };
  /** A signed-in person chose the language the site speaks to them (and their mail). */
  "profile.language_changed": { locale: string };
  /** An account's address was confirmed through its mailed link. */
  "account.email_verified": Record<string, never>;
  /** An account's password was set through a mailed link: a reset, or an invitation's first. */
  "account.password_set": { via: "reset" | "invitation" };
  /** An owner chose how often they hear of new connections, from their settings or a mail's unsubscribe link. */
  "alerts.frequency_changed": { frequency: string; via: "settings" | "unsubscribe" };
  /** An owner added one of their own events (to group the contacts made there). */
  "owner_event.created": { eventId: number };
  /** An owner chose the event new taps and contacts are filed under, or none (`eventId` null). */
  "owner_event.activated": { eventId: number | null };
  /** An owner marked a contact contacted (with notes or none). */
  "contact.marked_contacted": { contactId: number };
  /** An owner edited their notes on a contact already contacted. */
  "contact.notes_changed": { contactId: number };
  /** A visitor withdrew the details they had shared, through their private link. */
  "contact.withdrawn": { contactId: number };
  /** Someone asked for early access from the landing page (the address stays in its row). */
  "early_access.joined": { entryId: number };
  /** The QA tools made a test garment (for a QA run or by hand). */
  "qa.garment_created": { runId: string | null };
  /** The QA tools put the QA garments back to their first state. */
  "qa.garments_reset": { count: number };
  /** The QA tools made the account a QA run signs in as (none when it was there already). */
  "qa.account_created": Record<string, never>;
  /** The QA tools removed a QA run's garments and contacts. */
  "qa.run_removed": { runId: string; garments: number };
};

export type EventType = keyof EventPayloads;

/** What an event is about: the rows it names, each optional. */
export type EventSubjects = { garmentId?: number | null; productId?: number | null; tagId?: number | null };

/** One event as a verb records it. */
export type DomainEvent<T extends EventType = EventType> = {
  id: string;
  type: T;
  subjects: EventSubjects;
  actor: Actor;
  /** The person the change concerns besides the actor (an owner told of a contact), or null. */
  personId: string | null;
  at: Date;
  payload: EventPayloads[T];
};

/** The queue message that names an event to deliver: the event itself stays in D1. */
export type EventMessage = { eventId: string };

export function readEventMessage(body: unknown): EventMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const id = (body as { eventId?: unknown }).eventId;
  return typeof id === "string" && /^[0-9a-f-]{36}$/.test(id) ? { eventId: id } : null;
}
