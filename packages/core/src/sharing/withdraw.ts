/**
 * A visitor takes their details back (issue #33): the private link shown on the success screen
 * after they share, and in the confirmation mail when they gave an address. It names the contact
 * and proves the server made it (an HMAC, nothing stored); it works once, because using it
 * deletes the contact. Zod-free.
 */
import type { Locale } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { signedId, signedIdToken } from "../platform/crypto";
import { type Mail, renderMail } from "../platform/mail";

export const withdrawToken = (secret: string, contactId: number) => signedIdToken(secret, "withdraw", contactId);

/** The contact a withdrawal token names, or null when it is malformed, truncated or forged. */
export const withdrawContactId = (secret: string, token: string | null | undefined) =>
  signedId(secret, "withdraw", token);

export const withdrawPath = (token: string) => `/withdraw/${token}`;

export const WITHDRAW_MESSAGES = {
  link: "Withdraw my details",
  linkHint: "Changed your mind? This private link removes your details from their list. It works once.",
  confirmTitle: "Withdraw your details?",
  confirm: (owner: string) =>
    `${owner} will no longer have the details you shared. The visit itself stays in their statistics, without you.`,
  button: "Withdraw my details",
  done: "Your details were withdrawn",
  doneDetail: (owner: string) => `${owner} no longer has them. Nothing else of yours is kept.`,
  invalid: "This link has already been used or is not valid",
  invalidDetail: "Your details may already have been withdrawn, or the link is incomplete. Nothing was changed.",
} as const;

/**
 * The one mail a visitor who gave an address gets (issue #33): whom they shared with, and the
 * private link that takes their details back. Nothing of the owner's but the name on their card.
 */
export function detailsSharedMail(input: {
  to: string;
  ownerName: string;
  withdrawUrl: string;
  /** The visitor's: the language of the page they used (by default the request's). */
  locale?: Locale;
}): Mail {
  const l = { locale: input.locale };
  const owner = input.ownerName;
  return renderMail(input.to, "details_shared", {
    locale: input.locale,
    subject: m.mail_shared_subject({ owner }, l),
    paragraphs: [m.mail_shared_p1({ owner }, l), m.mail_shared_p2({ owner }, l)],
    action: { label: m.withdraw_link({}, l), url: input.withdrawUrl },
    footer: [m.mail_shared_footer({}, l)],
  });
}
