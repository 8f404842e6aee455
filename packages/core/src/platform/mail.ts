/**
 * Every mail Relevé sends, in one layout (issue #33): a title, paragraphs, optional items (one
 * per connection in an alert), one main action, further links and a footer, rendered as plain
 * text and as HTML from the same content. Every value is escaped in the HTML, whoever typed it;
 * the plain text carries it as typed. A mail that people can stop (alerts) names its
 * unsubscribe link in the footer and in the RFC 8058 headers (`unsubscribeHeaders`). Each mail
 * speaks its recipient's language (issue #34).
 */
import type { Locale } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";

export type MailKind =
  | "email_verification"
  | "signup_attempt"
  | "password_reset"
  | "client_invitation"
  | "connection_alert"
  | "account_deleted"
  | "details_shared";

interface MailLink {
  label: string;
  url: string;
}

/** One entry of a list in the mail's body: a heading, lines under it, an optional link. */
export interface MailItem {
  heading: string;
  lines: string[];
  link?: MailLink;
}

export interface MailContent {
  /**
   * The recipient's language (issue #34): the layout's own words and `<html lang>`. The caller
   * writes the rest in it too. Absent: the language of the request being answered (the person
   * on the page), else English.
   */
  locale?: Locale;
  subject: string;
  /** The heading in the HTML; the subject when absent. */
  title?: string;
  paragraphs: string[];
  items?: MailItem[];
  action?: MailLink;
  /** Shown under the action, each as "label: url". */
  links?: MailLink[];
  /** Small print at the end (why this mail came, how to stop it). */
  footer?: string[];
  /** An alert's one-click unsubscribe URL: a footer link and the List-Unsubscribe headers. */
  unsubscribeUrl?: string;
}

export interface Mail {
  to: string;
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A header value cannot carry a line break (header injection): folded to spaces. */
const headerSafe = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** RFC 2369 and RFC 8058: the URL a mail client shows as "Unsubscribe" and POSTs to in one click. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${headerSafe(url)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Only http(s) URLs become links; anything else is shown as text. */
const safeHref = (url: string) => (/^https?:\/\//i.test(url) ? escapeHtml(url) : "#");

function textBody(content: MailContent, locale: Locale): string {
  const blocks: string[] = [...content.paragraphs];
  for (const item of content.items ?? []) {
    blocks.push(
      [`* ${item.heading}`, ...item.lines.map((l) => `  ${l}`), ...(item.link ? [`  ${item.link.url}`] : [])].join(
        "\n",
      ),
    );
  }
  if (content.action) blocks.push(`${content.action.label}: ${content.action.url}`);
  for (const link of content.links ?? []) blocks.push(`${link.label}: ${link.url}`);
  const footer = [...(content.footer ?? [])];
  if (content.unsubscribeUrl) footer.push(`${m.mail_unsubscribe({}, { locale })}: ${content.unsubscribeUrl}`);
  if (footer.length) blocks.push(`--\n${footer.join("\n")}`);
  return `${blocks.join("\n\n")}\n`;
}

const P = 'style="line-height:1.6;color:#6b645a;margin:0 0 16px"';

function htmlBody(content: MailContent, locale: Locale): string {
  const parts: string[] = [
    `<h1 style="font-family:Georgia,serif;font-weight:400;font-size:24px;margin:0 0 24px">${escapeHtml(content.title ?? content.subject)}</h1>`,
    ...content.paragraphs.map((p) => `<p ${P}>${escapeHtml(p)}</p>`),
  ];
  if (content.items?.length) {
    parts.push(
      `<ul style="list-style:none;padding:0;margin:24px 0">${content.items
        .map(
          (item) =>
            `<li style="border-top:1px solid #e7e0d5;padding:14px 0"><p style="margin:0;font-weight:600">${escapeHtml(item.heading)}</p>${item.lines
              .map((l) => `<p style="margin:4px 0 0;color:#6b645a">${escapeHtml(l)}</p>`)
              .join("")}${
              item.link
                ? `<p style="margin:6px 0 0"><a href="${safeHref(item.link.url)}" style="color:#16130f">${escapeHtml(item.link.label)}</a></p>`
                : ""
            }</li>`,
        )
        .join("")}</ul>`,
    );
  }
  if (content.action) {
    parts.push(
      `<p style="margin:32px 0"><a href="${safeHref(content.action.url)}" style="background:#16130f;color:#faf7f2;padding:14px 22px;text-decoration:none;letter-spacing:2px;font-size:12px;text-transform:uppercase">${escapeHtml(content.action.label)}</a></p>`,
      `<p style="font-size:12px;color:#6b645a">${escapeHtml(m.mail_button_fallback({}, { locale }))}<br>${escapeHtml(content.action.url)}</p>`,
    );
  }
  for (const link of content.links ?? []) {
    parts.push(
      `<p ${P}>${escapeHtml(link.label)}: <a href="${safeHref(link.url)}" style="color:#16130f">${escapeHtml(link.url)}</a></p>`,
    );
  }
  const footer = (content.footer ?? []).map((f) => escapeHtml(f));
  if (content.unsubscribeUrl) {
    footer.push(
      `<a href="${safeHref(content.unsubscribeUrl)}" style="color:#6b645a">${escapeHtml(m.mail_unsubscribe({}, { locale }))}</a>`,
    );
  }
  if (footer.length) {
    parts.push(
      `<p style="margin-top:40px;border-top:1px solid #e7e0d5;padding-top:16px;font-size:12px;color:#6b645a;line-height:1.6">${footer.join("<br>")}</p>`,
    );
  }
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head><body style="margin:0;background:#faf7f2;font-family:Helvetica,Arial,sans-serif;color:#16130f">
<div style="max-width:480px;margin:0 auto;padding:40px 24px">
<p style="font-family:Georgia,serif;font-size:22px;letter-spacing:4px;margin:0 0 32px">RELEVÉ</p>
${parts.join("\n")}
</div></body></html>`;
}

/** The one way a mail is made: plain text and HTML from one content, headers for what can be stopped. */
export function renderMail(to: string, kind: MailKind, content: MailContent): Mail {
  const locale = content.locale ?? currentLocale();
  return {
    to,
    kind,
    subject: headerSafe(content.subject),
    text: textBody(content, locale),
    html: htmlBody(content, locale),
    headers: content.unsubscribeUrl ? unsubscribeHeaders(content.unsubscribeUrl) : {},
  };
}
