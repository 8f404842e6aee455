import type { EarlyAccessInput } from "@releve/core/site/early-access";
import { senderNetwork, senderPrefix } from "@releve/core/tap/sender-network";
import { domainEvent } from "@releve/db/platform/events";
import { takeLimits } from "@releve/db/platform/rate-limits";
import { addEarlyAccessEntry } from "@releve/db/site/commands";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

// The same D1 sliding window as the share page's contact form (decisions 0015, 0031): every
// well-formed attempt counts, duplicates too, so the list cannot be probed for addresses; a
// sender is an IPv4 address or an IPv6 /64.
export const EARLY_ACCESS_WINDOW_MS = 10 * 60 * 1000;
export const EARLY_ACCESS_IP_LIMIT = 10;
const BUCKET = "early_access_ip";
// And a day's cap per wider network, an IPv4 /24 or an IPv6 /48 (decision 0057), so a sender
// holding a block cannot fill the list by walking its addresses. High enough for a show's guests
// behind one venue's Wi-Fi or a carrier's NAT.
export const EARLY_ACCESS_NETWORK_WINDOW_MS = 24 * 60 * 60 * 1000;
export const EARLY_ACCESS_NETWORK_DAY_LIMIT = 200;
const NETWORK_BUCKET = "early_access_net";

export type JoinEarlyAccessOutcome =
  | { code: "joined"; entryId: number }
  | { code: "duplicate" }
  | { code: "rate_limited" }
  | { code: "network_limited" };

/**
 * Someone joins the early-access list (spec part 2 §2, §8), from /get-early-access or the blog's
 * newsletter: counted against the sender's and their network's caps first, then the entry and
 * its early_access.joined event in one batch. The address is compared lower-cased, so
 * Vera@Example.com and vera@example.com are one entry: an address already listed stores and
 * records nothing (`duplicate`), nor does a sender over a cap.
 */
export async function joinEarlyAccess(
  effects: Effects,
  input: { entry: EarlyAccessInput; ip: string | null },
): Promise<JoinEarlyAccessOutcome> {
  const now = effects.now();
  const limits = [
    {
      bucket: BUCKET,
      value: senderNetwork(input.ip),
      limit: EARLY_ACCESS_IP_LIMIT,
      windowMs: EARLY_ACCESS_WINDOW_MS,
    },
    {
      bucket: NETWORK_BUCKET,
      value: senderPrefix(input.ip),
      limit: EARLY_ACCESS_NETWORK_DAY_LIMIT,
      windowMs: EARLY_ACCESS_NETWORK_WINDOW_MS,
    },
  ];
  const full = await takeLimits(effects.db, limits, now.getTime());
  if (full) return { code: full === NETWORK_BUCKET ? "network_limited" : "rate_limited" };
  const event = domainEvent("early_access.joined", { actor: effects.actor, payload: { entryId: 0 }, at: now });
  const entryId = await addEarlyAccessEntry(
    effects.db,
    {
      full_name: input.entry.full_name,
      email: input.entry.email.toLowerCase(),
      referral_source: input.entry.referral_source,
      created_at: now,
    },
    event,
  );
  if (entryId === undefined) return { code: "duplicate" };
  await publishEvents(effects, [event]);
  return { code: "joined", entryId };
}
