import type { AdminTag } from "@releve/core/tags/contracts";
import { normalizeUid } from "@releve/core/tags/rules";
import { type ReadTag, tagLinkOf } from "./nfc-device";
import type { Scanned } from "./tag-card";
import { type LookupBy, lookupTag } from "./tag-queries";

/**
 * 'Search by tag UID' as typed: a chip id (RLV-…) is looked up as one; anything else as a UID,
 * normalized when it is one (the server says what is wrong with it otherwise).
 */
export function lookupByText(text: string): LookupBy {
  const typed = text.trim();
  return /^rlv/i.test(typed) ? { chip_id: typed } : { uid: normalizeUid(typed) ?? typed };
}

/** Only a written, working tag can be locked (made read-only for good). */
export const isLockable = (tag: AdminTag | null): boolean =>
  tag !== null && (tag.status === "active" || tag.status === "released") && tag.programmedAt !== null;

/** The UID a write reports to the registry: the chip's serial number when it is a real NXP UID, else none. */
export const writtenUid = (uid: string | null) => (uid && normalizeUid(uid) ? uid : null);

/**
 * What a read saw, resolved against the registry: a blank chip (no records) is uninitialized
 * without asking; otherwise looked up by its `/t/<slug>` link, else by its UID; with neither it
 * is Unknown.
 */
export async function resolveRead(tag: ReadTag, source: Scanned["source"]): Promise<Scanned> {
  const seen = { source, uid: tag.serialNumber, records: tag.records };
  if (tag.records.length === 0) return { ...seen, state: "uninitialized", tag: null };
  const link = tagLinkOf(tag);
  const uid = tag.serialNumber ? normalizeUid(tag.serialNumber) : null;
  const by: LookupBy | null = link ? { slug: link } : uid ? { uid } : null;
  if (!by) return { ...seen, state: "Unknown", tag: null };
  const found = await lookupTag(by);
  return { ...seen, state: found.state, tag: found.tag };
}

/** The simulation's read of the tag it just wrote: its UID and one URL record. */
export const simulatedRead = (uid: string, url: string): ReadTag => ({
  serialNumber: uid,
  records: [{ recordType: "url", mediaType: null, text: url, byteLength: new TextEncoder().encode(url).length }],
});
