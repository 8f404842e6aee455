/**
 * The accounts' mails (issue #28, decisions 0031, 0041): the verification link, the note to an
 * address's owner when someone signs up with it, the password reset and the staff's invitation.
 * Each carries nothing the sender typed but the address. Built by packages/core/src/platform/mail.ts.
 */
import { m } from "@releve/i18n/messages";
import { type Mail, renderMail } from "../platform/mail";

// The person on the page asked for each of these mails: they speak the request's language
// (issue #34). An invitation goes to someone else, whose language the staff do not know: English.

/** Nothing the sign-up form typed but the address: the address is not proved yet (decision 0031). */
export function verificationEmail(to: string, url: string): Mail {
  return renderMail(to, "email_verification", {
    subject: m.mail_verify_subject(),
    paragraphs: [m.mail_verify_welcome(), m.mail_verify_p2(), m.mail_verify_p3()],
    action: { label: m.mail_verify_action(), url },
  });
}

/**
 * Sign-up with an address that already has an account (issue #28): its owner hears of it, with
 * a way in, and the person signing up sees what a new address would see (decision 0041). Like
 * the verification mail, it carries nothing the form typed but the address.
 */
export function signupAttemptEmail(to: string, links: { signIn: string; reset: string }): Mail {
  return renderMail(to, "signup_attempt", {
    subject: m.mail_attempt_subject(),
    paragraphs: [m.mail_attempt_p1(), m.mail_attempt_p2(), m.mail_attempt_p3()],
    action: { label: m.mail_attempt_sign_in(), url: links.signIn },
    links: [{ label: m.mail_attempt_reset(), url: links.reset }],
  });
}

export function passwordResetEmail(to: string, url: string): Mail {
  return renderMail(to, "password_reset", {
    subject: m.mail_reset_subject(),
    paragraphs: [m.mail_reset_p1(), m.mail_reset_p2()],
    action: { label: m.mail_reset_action(), url },
  });
}

/** A client created by brand staff (issue #18): the link sets their password and opens their wardrobe. */
export function invitationEmail(to: string, url: string): Mail {
  const locale = "en";
  return renderMail(to, "client_invitation", {
    locale,
    subject: m.mail_invite_subject({}, { locale }),
    paragraphs: [m.mail_invite_p1({}, { locale }), m.mail_invite_p2({}, { locale })],
    action: { label: m.mail_invite_action({}, { locale }), url },
  });
}
