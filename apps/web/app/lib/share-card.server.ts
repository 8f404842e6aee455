import { type ShareCard, shareCard } from "@releve/core/vcard";
import type { Db } from "@releve/db";
import { findSharedProfileBySlug } from "@releve/db/profiles";

/**
 * The owner's card behind a garment's 'Save contact' (issue 7, item 5): null unless the garment
 * is active and claimed and its owner's sharing is on; otherwise only what the visibility rule lets out.
 */
export async function loadShareCard(db: Db, slug: string): Promise<ShareCard | null> {
  const profile = await findSharedProfileBySlug(db, slug);
  return profile ? shareCard(profile) : null;
}
