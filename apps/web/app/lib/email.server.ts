import { type Mail, renderMail } from "@releve/core/platform/mail";
import type { Db } from "@releve/db";
import { type MailSender, mailSender } from "@releve/db/platform/outbox";
import type { WebEnv } from "../env.server";

export { outboxSender } from "@releve/db/platform/outbox";

/** A mail as the shell's pages and APIs send it (packages/core/src/platform/mail.ts makes every one). */
export type OutgoingEmail = Mail;

/** The one way email leaves the app (DESIGN.md §4): the outbox locally, the Workers binding in production. */
export type EmailSender = MailSender;

export function getEmailSender(env: WebEnv, db: Db): EmailSender {
  return mailSender(env, db);
}

/** Nothing the sign-up form typed but the address: the address is not proved yet (decision 0031). */
export function verificationEmail(to: string, url: string): OutgoingEmail {
  return renderMail(to, "email_verification", {
    subject: "Confirm your email address",
    paragraphs: [
      "Welcome to Relevé.",
      "Please confirm your email address. The link is valid for 24 hours.",
      "If you did not create an account, you can ignore this email.",
    ],
    action: { label: "Confirm email", url },
  });
}

/**
 * Sign-up with an address that already has an account (issue #28): its owner hears of it, with
 * a way in, and the person signing up sees what a new address would see (decision 0041). Like
 * the verification mail, it carries nothing the form typed but the address.
 */
export function signupAttemptEmail(to: string, links: { signIn: string; reset: string }): OutgoingEmail {
  return renderMail(to, "signup_attempt", {
    subject: "Someone tried to sign up with your address",
    paragraphs: [
      "Someone just tried to create a Relevé account with this email address. You already have one, so nothing was created and your account is unchanged.",
      "If it was you, sign in instead. Forgotten your password? Ask for a reset link on the sign-in page.",
      "If it was not you, you can ignore this email.",
    ],
    action: { label: "Sign in", url: links.signIn },
    links: [{ label: "Reset your password", url: links.reset }],
  });
}

export function passwordResetEmail(to: string, url: string): OutgoingEmail {
  return renderMail(to, "password_reset", {
    subject: "Reset your password",
    paragraphs: [
      "Someone asked to reset the password of your Relevé account.",
      "The link is valid for one hour. If it was not you, ignore this email: your password stays as it is.",
    ],
    action: { label: "Choose a new password", url },
  });
}

/** A client created by brand staff (issue #18): the link sets their password and opens their wardrobe. */
export function invitationEmail(to: string, url: string): OutgoingEmail {
  return renderMail(to, "client_invitation", {
    subject: "Your Relevé wardrobe is ready",
    paragraphs: [
      "Welcome to Relevé. Our team has created your account, so your garments are waiting in your wardrobe.",
      "Choose a password to sign in. The link is valid for 7 days and works once.",
    ],
    action: { label: "Choose a password", url },
  });
}
