import { type AdminOwnershipHistory, OWNERSHIP_HOW_LABELS } from "@releve/core/wardrobe/transfer";
import { formatDate } from "../format";

type Period = AdminOwnershipHistory["periods"][number];
type Transfer = AdminOwnershipHistory["transfers"][number];

const TRANSFER_STATUS: Record<string, string> = {
  pending: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  cancelled: "Cancelled",
  expired: "Expired",
};

const END_REASON: Record<string, string> = {
  cancelled: "by its owner",
  replaced: "replaced by a newer link",
  owner_changed: "the piece changed hands",
  reported: "the tag was reported lost or stolen",
  withdrawn: "withdrawn by the requester",
};

const DELETED = "a deleted account";

/** How an ownership began or ended, in words; a word the portal does not know as it is. */
export const howText = (word: string | null) => (word ? (OWNERSHIP_HOW_LABELS[word] ?? word) : "—");

/** One owner's period: how and when it began, then how and when it ended, or that it goes on. */
export const periodText = (p: Period) =>
  `${howText(p.startedHow)} ${formatDate(p.startedAt)} · ${
    p.endedAt === null ? "current owner" : `${howText(p.endedHow)} ${formatDate(p.endedAt)}`
  }`;

/** A transfer's kind and status, with why a cancelled one ended. */
export const transferTitle = (t: Transfer) =>
  `${t.kind === "link" ? "Transfer link" : "Transfer request"} · ${TRANSFER_STATUS[t.status]}${
    t.endReason && t.status === "cancelled" ? ` (${END_REASON[t.endReason] ?? t.endReason})` : ""
  }`;

/** Who made a link (and who accepted it), or who asked whom. */
export const transferParties = (t: Transfer) =>
  t.kind === "link"
    ? `Made by ${t.fromEmail ?? DELETED}${t.toEmail ? `, accepted by ${t.toEmail}` : ""}`
    : `Asked by ${t.toEmail ?? DELETED} of ${t.fromEmail ?? DELETED}`;

/** When it was made, then when it was decided, or until when it is open. */
export const transferDates = (t: Transfer) =>
  `${formatDate(t.createdAt)}${t.decidedAt !== null ? ` → ${formatDate(t.decidedAt)}` : ` · until ${formatDate(t.expiresAt)}`}`;
