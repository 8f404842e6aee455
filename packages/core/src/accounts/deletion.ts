/**
 * Deleting one's own account (issue #33): its words and the one mail that confirms it.
 * Zod-free.
 */
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

export function accountDeletedMail(to: string): Mail {
  return renderMail(to, "account_deleted", {
    subject: "Your Relevé account was deleted",
    paragraphs: [
      "As you asked, your Relevé account was deleted: your profile, the contacts you received, your events, your photos and your sign-in.",
      "Your pieces are free for their next owner. The passport of each still counts its owners, without naming anyone.",
      "This is the last mail we send to this address. If you did not ask for this, reply to the brand's address on our site.",
    ],
  });
}
