/**
 * A visitor takes their details back (issue #33): the private link shown on the success screen
 * after they share, and in the confirmation mail when they gave an address. It names the contact
 * and proves the server made it (an HMAC, nothing stored); it works once, because using it
 * deletes the contact. Zod-free.
 */
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
export function detailsSharedMail(input: { to: string; ownerName: string; withdrawUrl: string }): Mail {
  return renderMail(input.to, "details_shared", {
    subject: `You shared your details with ${input.ownerName}`,
    paragraphs: [
      `You left your details for ${input.ownerName} on Relevé, after tapping one of their pieces or opening their card.`,
      `Changed your mind? This private link removes your details from ${input.ownerName}'s list. It works once, and needs no account.`,
    ],
    action: { label: WITHDRAW_MESSAGES.link, url: input.withdrawUrl },
    footer: [
      "You receive this one mail because this address was given on the form. If it was not you, use the link: the details are removed.",
    ],
  });
}
