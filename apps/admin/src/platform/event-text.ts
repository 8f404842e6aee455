/**
 * The event log's words (issue #48): each event type and actor kind as staff read them, and the
 * row an event names. Unknown types (a newer worker's) show as they are.
 */
import type { EventLogEntry } from "@releve/core/platform/admin-api";

const TYPES: Record<string, string> = {
  "account.deleted": "Account deleted",
  "contact.received": "Contact received",
  "garment.claimed": "Piece claimed",
  "transfer.requested": "Transfer requested",
  "garment.transferred": "Piece transferred",
  "garment.released": "Piece released",
  "garment.photo_changed": "Garment photo changed",
  "product.photo_changed": "Product photo changed",
  "garment.active_changed": "Garment in or out of service",
  "garment.reassigned": "Piece reassigned",
  "tag_batch.created": "Batch opened",
  "tag_batch.programmed": "Batch programmed",
  "tag_batch.uids_assigned": "Encoder file imported",
  "tag.programmed": "Tag programmed",
  "tag.written": "Tag written",
  "tag.secured": "Tag made secure",
  "tag.locked": "Tag locked",
  "tag.status_changed": "Tag status changed",
  "garment.programmed": "Garment marked programmed",
  "product.created": "Product created",
  "product.updated": "Product updated",
  "products.imported": "Products imported",
  "post.created": "Post added",
  "post.updated": "Post edited",
  "post.deleted": "Post deleted",
  "brand_event.created": "Brand event added",
  "brand_event.active_changed": "Brand event opened or closed",
  "transfer.link_created": "Transfer link made",
  "transfer.link_cancelled": "Transfer link cancelled",
};

const ACTORS: Record<string, string> = {
  client: "a client",
  admin: "staff",
  visitor: "a visitor",
  system: "the system",
};

export const eventTypeText = (type: string) => TYPES[type] ?? type;

export const actorText = (kind: string) => ACTORS[kind] ?? kind;

/** What the event is about: "garment 12", "product 3", "tag 7", or "—". */
export function subjectText(event: Pick<EventLogEntry, "garmentId" | "productId" | "tagId">): string {
  const parts = [
    event.garmentId !== null ? `garment ${event.garmentId}` : null,
    event.productId !== null ? `product ${event.productId}` : null,
    event.tagId !== null ? `tag ${event.tagId}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(", ") : "—";
}

/** A consumer's attempts and last error, in one line. */
export function failureText(letter: { attempts: number; lastError: string | null }): string {
  const tries = `${letter.attempts} ${letter.attempts === 1 ? "attempt" : "attempts"}`;
  return letter.lastError ? `${tries}: ${letter.lastError}` : tries;
}
