import { channelOf } from "./channels";
import { publicProfile, type ShareableProfile, type SharedChannel } from "./share-visibility";

/**
 * A small vCard 3.0 writer (RFC 2426 on RFC 2425's text/directory): the visitor's 'Save contact'
 * (issue 7, item 5). It writes only what it is given; give it only public data.
 */
export interface VCardInput {
  name: string;
  firstName: string | null;
  lastName: string | null;
  /** TITLE and ORG (issue #49). */
  title?: string | null;
  company?: string | null;
  channels: SharedChannel[];
  note?: string | null;
  url?: string | null;
}

const CRLF = "\r\n";
/** RFC 2425 §5.8.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

/**
 * RFC 2426 §4 text-value (ESCAPED-CHAR): backslash, comma and semicolon are escaped, a line break becomes `\n`.
 * Other control characters are not allowed in a value (RFC 2425 §5.8.2 VALUE-CHAR) and are dropped,
 * so stored text can never start a property of its own.
 */
export function escapeText(value: string): string {
  return value.replace(/\r\n|[\\,;]|\p{Cc}/gu, (c) => {
    if (c === "\r\n" || c === "\r" || c === "\n") return "\\n";
    if (c === "\t") return c;
    return /\p{Cc}/u.test(c) ? "" : `\\${c}`;
  });
}

/**
 * A URI value is not text (RFC 2425 §5.8.4 `uri`): it is not backslash-escaped, but a control
 * character is percent-encoded so a stored link can never break the line.
 */
export function escapeUri(value: string): string {
  return value.replace(/\p{Cc}/gu, (c) => encodeURIComponent(c));
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * RFC 2425 §5.8.1 folding: a line over 75 octets (UTF-8 bytes) is broken with CRLF and one space,
 * and the space counts towards the next line's 75. Breaks fall between code points, so a
 * multi-byte character is never split.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      out.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

function channelLine(channel: SharedChannel): string {
  switch (channelOf(channel.kind).vcard) {
    case "email":
      return `EMAIL;TYPE=INTERNET:${escapeText(channel.value)}`;
    case "tel":
      // E.164, as its link dials it (the card shows it formatted, issue #49).
      return `TEL;TYPE=CELL:${escapeText(channel.href.replace(/^tel:/i, ""))}`;
    case "url":
      return `URL:${escapeUri(channel.href)}`;
    case "social":
      return `X-SOCIALPROFILE;TYPE=${channel.kind}:${escapeUri(channel.href)}`;
  }
}

/** The vCard 3.0 text, CRLF line endings, folded, ending with a CRLF after `END:VCARD`. */
export function toVCard(card: VCardInput): string {
  const lines = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `N:${escapeText(card.lastName ?? "")};${escapeText(card.firstName ?? "")};;;`,
    `FN:${escapeText(card.name)}`,
  ];
  if (card.title) lines.push(`TITLE:${escapeText(card.title)}`);
  // ORG's parts are separated by ';' (RFC 2426): the company is one part, its own ';' escaped.
  if (card.company) lines.push(`ORG:${escapeText(card.company)}`);
  for (const channel of card.channels) lines.push(channelLine(channel));
  if (card.url && /^https?:/i.test(card.url)) lines.push(`URL:${escapeUri(card.url)}`);
  if (card.note?.trim()) lines.push(`NOTE:${escapeText(card.note)}`);
  lines.push("END:VCARD");
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/**
 * The last name has no share flag; a visitor sees it only inside the public name (a display
 * name may leave it out on purpose), so the card carries it only when that name shows it.
 */
export function visibleLastName(publicName: string, lastName: string | null): string | null {
  const last = lastName?.trim();
  return last && publicName.includes(last) ? last : null;
}

/** What the share card is built from: the public profile plus the last name where it is already visible. */
export function shareCard(profile: ShareableProfile) {
  const card = publicProfile(profile);
  return { ...card, lastName: visibleLastName(card.name, profile.last_name) };
}
export type ShareCard = ReturnType<typeof shareCard>;

/** The card a visitor downloads: exactly the shared fields, with the bio as NOTE. */
export function shareCardVCard(card: ShareCard): string {
  return toVCard({
    name: card.name,
    firstName: card.firstName,
    lastName: card.lastName,
    title: card.title,
    company: card.company,
    channels: card.channels,
    note: card.bio,
  });
}
