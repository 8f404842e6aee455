/**
 * Deleting one's own account (issue #33): its words and the one mail that confirms it.
 * Zod-free.
 */
import type { Locale } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { type Mail, renderMail } from "../platform/mail";

export const DELETION_MESSAGES = {
  title: "Delete my account",
  explain:
    "Your profile, the contacts you received, your events, your photos and your sign-in go, at once and for good. Your pieces become free for their next owner; the visit counts stay, without you.",
  passwordLabel: "Your password",
  button: "Delete my account for good",
  wrongPassword: "That password is not right. Nothing was deleted.",
  lastAdmin:
    "You are the last active admin: the portal would have no one. Make another admin active first. Nothing was deleted.",
  failed: "Your account could not be deleted. Nothing was changed; please try again.",
  deleted: "Your account was deleted",
  deletedDetail: "Everything in it is gone. A last mail confirms it.",
} as const;

/** `locale`: the person's (by default the language of the page they deleted it from). */
export function accountDeletedMail(to: string, locale?: Locale): Mail {
  const l = { locale };
  return renderMail(to, "account_deleted", {
    locale,
    subject: m.mail_deleted_subject({}, l),
    paragraphs: [m.mail_deleted_p1({}, l), m.mail_deleted_p2({}, l), m.mail_deleted_p3({}, l)],
  });
}
