import { type ShareCard, shareCard } from "@releve/core/sharing/vcard";
import { SECURE_TAP_MESSAGES } from "@releve/core/tap/secure-tap";
import type { Db } from "@releve/db";
import { shareDoor } from "./share.server";

/**
 * The owner's card behind a garment's 'Save contact' and QR (issue 7, item 5): the card only
 * when the door is open (decideDoor: active, claimed, not missing, sharing on, a secure
 * garment only in its card window); otherwise only the door's verdict.
 */
export async function loadShareCard(
  db: Db,
  slug: string,
  door: { cardWindow: boolean },
): Promise<{ card: ShareCard } | { card: null; refused: boolean }> {
  const { verdict, row } = await shareDoor(db, slug, door);
  if (verdict === "open" && row?.profile) return { card: shareCard(row.profile) };
  return { card: null, refused: verdict === "not_authenticated" };
}

/**
 * A share resource's answer when its door is shut: the tap's 403 for a secure garment outside its
 * card window, else one plain 404 (nothing tells a missing garment from a private one).
 */
export function closedDoor(refused: boolean): Response {
  return new Response(refused ? SECURE_TAP_MESSAGES.refused : "Not Found", {
    status: refused ? 403 : 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
