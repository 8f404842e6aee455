/**
 * The new-connection alert (issue #33): who connected (their name and which channels they left,
 * never the values), on which piece, at which event, and a link to them; transfer requests in
 * the same mail. Every alert can be stopped in one click (RFC 8058).
 */

import { type Mail, type MailItem, renderMail } from "../platform/mail";
import { counted } from "../platform/plural";
import type { AlertEntry, AlertFrequency } from "./alerts";

export interface AlertMailInput {
  to: string;
  firstName: string | null;
  frequency: AlertFrequency;
  entries: AlertEntry[];
  /** The site's origin, e.g. https://releve.example.com: every link is absolute. */
  origin: string;
  unsubscribeUrl: string;
}

const listFormat = new Intl.ListFormat("en-GB", { style: "long", type: "conjunction" });

function connectionItem(entry: Extract<AlertEntry, { kind: "connection" }>, origin: string): MailItem {
  const lines: string[] = [];
  lines.push(entry.channels.length ? `Left their ${listFormat.format(entry.channels)}.` : "Left a note.");
  if (entry.piece) lines.push(`Tapped: ${entry.piece}`);
  if (entry.event) lines.push(`At: ${entry.event}`);
  return {
    heading: entry.name,
    lines,
    link: { label: "See this connection", url: `${origin}/dashboard/contacts?q=${encodeURIComponent(entry.name)}` },
  };
}

function requestItem(entry: Extract<AlertEntry, { kind: "transfer_request" }>, origin: string): MailItem {
  return {
    heading: entry.name,
    lines: [`Asks to become the owner of ${entry.piece}.`],
    link: { label: "Approve or decline", url: `${origin}/dashboard` },
  };
}

export function alertMail(input: AlertMailInput): Mail {
  const connections = input.entries.filter((e) => e.kind === "connection");
  const requests = input.entries.filter((e) => e.kind === "transfer_request");
  const first = connections[0] ?? requests[0];
  const subject =
    input.entries.length === 1 && first
      ? first.kind === "connection"
        ? `${first.name} connected with you`
        : `${first.name} asks to take over ${first.piece}`
      : input.frequency === "daily"
        ? `Your day on Relevé: ${counted(input.entries.length, ["new connection", "new connections"])}`
        : `${counted(input.entries.length, ["new connection", "new connections"])} on Relevé`;
  const paragraphs = [
    input.firstName ? `Hello ${input.firstName},` : "Hello,",
    connections.length
      ? `${counted(connections.length, ["person", "people"])} left their details for you.`
      : "Someone would like one of your pieces.",
  ];
  if (connections.length) {
    paragraphs.push("Whoever shared their details can withdraw them at any time; they then leave your list.");
  }
  if (requests.length && connections.length) {
    paragraphs.push(`${counted(requests.length, ["person asks", "people ask"])} to take over one of your pieces.`);
  }
  const why =
    input.frequency === "daily"
      ? "You receive this summary because you chose a daily summary of new connections."
      : "You receive this mail because you chose to hear of each new connection.";
  return renderMail(input.to, "connection_alert", {
    subject,
    title: connections.length ? "New connections" : "A transfer request",
    paragraphs,
    items: [
      ...connections.map((e) => connectionItem(e, input.origin)),
      ...requests.map((e) => requestItem(e, input.origin)),
    ],
    action: connections.length
      ? { label: "Open my connections", url: `${input.origin}/dashboard/contacts` }
      : { label: "Open my dashboard", url: `${input.origin}/dashboard` },
    footer: [why, "Change how often in your profile settings, or stop these mails:"],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
