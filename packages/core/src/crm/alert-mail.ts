/**
 * The new-connection alert (issue #33): who connected (their name and which channels they left,
 * never the values), on which piece, at which event, and a link to them; transfer requests in
 * the same mail. Every alert can be stopped in one click (RFC 8058).
 */

import { formatList, type Locale } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { type Mail, type MailItem, renderMail } from "../platform/mail";
import type { AlertEntry, AlertFrequency } from "./alerts";

export interface AlertMailInput {
  to: string;
  firstName: string | null;
  frequency: AlertFrequency;
  entries: AlertEntry[];
  /** The site's origin, e.g. https://releve.example.com: every link is absolute. */
  origin: string;
  unsubscribeUrl: string;
  /** The owner's language (their stored choice, issue #34). */
  locale: Locale;
}

/** A channel's name in the mail's language ('email', 'phone'; the networks are names). */
const channelName = (channel: string, locale: Locale) =>
  channel === "email"
    ? m.mail_channel_email({}, { locale })
    : channel === "phone"
      ? m.mail_channel_phone({}, { locale })
      : channel;

function connectionItem(entry: Extract<AlertEntry, { kind: "connection" }>, origin: string, locale: Locale): MailItem {
  const lines: string[] = [];
  lines.push(
    entry.channels.length
      ? m.mail_alert_left_channels(
          {
            channels: formatList(
              locale,
              entry.channels.map((c) => channelName(c, locale)),
            ),
          },
          { locale },
        )
      : m.mail_alert_left_note({}, { locale }),
  );
  if (entry.piece) lines.push(m.mail_alert_tapped({ piece: entry.piece }, { locale }));
  if (entry.event) lines.push(m.mail_alert_at({ event: entry.event }, { locale }));
  return {
    heading: entry.name,
    lines,
    link: {
      label: m.mail_alert_see_connection({}, { locale }),
      url: `${origin}/dashboard/contacts?q=${encodeURIComponent(entry.name)}`,
    },
  };
}

function requestItem(
  entry: Extract<AlertEntry, { kind: "transfer_request" }>,
  origin: string,
  locale: Locale,
): MailItem {
  return {
    heading: entry.name,
    lines: [m.mail_alert_request_line({ piece: entry.piece }, { locale })],
    link: { label: m.mail_alert_approve({}, { locale }), url: `${origin}/dashboard` },
  };
}

export function alertMail(input: AlertMailInput): Mail {
  const { locale } = input;
  const connections = input.entries.filter((e) => e.kind === "connection");
  const requests = input.entries.filter((e) => e.kind === "transfer_request");
  const first = connections[0] ?? requests[0];
  const count = input.entries.length;
  const subject =
    count === 1 && first
      ? first.kind === "connection"
        ? m.mail_alert_subject_one({ name: first.name }, { locale })
        : m.mail_alert_subject_request({ name: first.name, piece: first.piece }, { locale })
      : input.frequency === "daily"
        ? m.mail_alert_subject_daily({ count }, { locale })
        : m.mail_alert_subject_many({ count }, { locale });
  const paragraphs = [
    input.firstName ? m.mail_hello_name({ name: input.firstName }, { locale }) : m.mail_hello({}, { locale }),
    connections.length
      ? m.mail_alert_people_left({ count: connections.length }, { locale })
      : m.mail_alert_someone_wants({}, { locale }),
  ];
  if (connections.length) paragraphs.push(m.mail_alert_withdraw_note({}, { locale }));
  if (requests.length && connections.length) {
    paragraphs.push(m.mail_alert_people_ask({ count: requests.length }, { locale }));
  }
  const why =
    input.frequency === "daily" ? m.mail_alert_why_daily({}, { locale }) : m.mail_alert_why_each({}, { locale });
  return renderMail(input.to, "connection_alert", {
    locale,
    subject,
    title: connections.length
      ? m.mail_alert_title_connections({}, { locale })
      : m.mail_alert_title_request({}, { locale }),
    paragraphs,
    items: [
      ...connections.map((e) => connectionItem(e, input.origin, locale)),
      ...requests.map((e) => requestItem(e, input.origin, locale)),
    ],
    action: connections.length
      ? { label: m.mail_alert_open_connections({}, { locale }), url: `${input.origin}/dashboard/contacts` }
      : { label: m.mail_alert_open_dashboard({}, { locale }), url: `${input.origin}/dashboard` },
    footer: [why, m.mail_alert_change({}, { locale })],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
