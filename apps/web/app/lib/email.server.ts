import type { Db } from "@releve/db";
import { insertOutboxEmail } from "@releve/db/platform/outbox";
import type { WebEnv } from "../env.server";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: "email_verification" | "signup_attempt" | "password_reset" | "client_invitation";
}

/** The one way email leaves the app (DESIGN.md §4): the outbox locally, the Workers binding in production. */
export interface EmailSender {
  send(email: OutgoingEmail): Promise<void>;
}

export function outboxSender(db: Db): EmailSender {
  return {
    async send(email) {
      await insertOutboxEmail(db, {
        to_address: email.to,
        subject: email.subject,
        text_body: email.text,
        html_body: email.html ?? null,
        kind: email.kind,
        sent_at: new Date(),
      });
    },
  };
}

export function bindingSender(binding: SendEmail, from: string): EmailSender {
  return {
    async send(email) {
      await binding.send({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    },
  };
}

export function getEmailSender(env: WebEnv, db: Db): EmailSender {
  if (env.APP_ENV === "production" && env.EMAIL) return bindingSender(env.EMAIL, env.EMAIL_FROM);
  return outboxSender(db);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

type EmailAction = { label: string; url: string };

function layout(title: string, paragraphs: string[], action: EmailAction, more?: EmailAction): string {
  return `<!doctype html><html><body style="margin:0;background:#faf7f2;font-family:Helvetica,Arial,sans-serif;color:#16130f">
<div style="max-width:480px;margin:0 auto;padding:40px 24px">
<p style="font-family:Georgia,serif;font-size:22px;letter-spacing:4px;margin:0 0 32px">RELEVÉ</p>
<h1 style="font-family:Georgia,serif;font-weight:400;font-size:24px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.6;color:#6b645a">${escapeHtml(p)}</p>`).join("\n")}
<p style="margin:32px 0"><a href="${escapeHtml(action.url)}" style="background:#16130f;color:#faf7f2;padding:14px 22px;text-decoration:none;letter-spacing:2px;font-size:12px;text-transform:uppercase">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#6b645a">If the button does not work, paste this link into your browser:<br>${escapeHtml(action.url)}</p>${
    more
      ? `\n<p style="line-height:1.6;color:#6b645a">${escapeHtml(more.label)}: <a href="${escapeHtml(more.url)}" style="color:#16130f">${escapeHtml(more.url)}</a></p>`
      : ""
  }
</div></body></html>`;
}

/** Nothing the sign-up form typed but the address: the address is not proved yet (decision 0031). */
export function verificationEmail(to: string, url: string): OutgoingEmail {
  const lines = [
    "Welcome to Relevé.",
    "Please confirm your email address. The link is valid for 24 hours.",
    "If you did not create an account, you can ignore this email.",
  ];
  return {
    to,
    kind: "email_verification",
    subject: "Confirm your email address",
    text: `${lines.join("\n\n")}\n\n${url}\n`,
    html: layout("Confirm your email address", lines, { label: "Confirm email", url }),
  };
}

/**
 * Sign-up with an address that already has an account (issue #28): its owner hears of it, with
 * a way in, and the person signing up sees what a new address would see (decision 0041). Like
 * the verification mail, it carries nothing the form typed but the address.
 */
export function signupAttemptEmail(to: string, links: { signIn: string; reset: string }): OutgoingEmail {
  const lines = [
    "Someone just tried to create a Relevé account with this email address. You already have one, so nothing was created and your account is unchanged.",
    "If it was you, sign in instead. Forgotten your password? Ask for a reset link on the sign-in page.",
    "If it was not you, you can ignore this email.",
  ];
  return {
    to,
    kind: "signup_attempt",
    subject: "Someone tried to sign up with your address",
    text: `${lines.join("\n\n")}\n\nSign in: ${links.signIn}\n\nReset your password: ${links.reset}\n`,
    html: layout(
      "Someone tried to sign up with your address",
      lines,
      { label: "Sign in", url: links.signIn },
      {
        label: "Reset your password",
        url: links.reset,
      },
    ),
  };
}

export function passwordResetEmail(to: string, url: string): OutgoingEmail {
  const lines = [
    "Someone asked to reset the password of your Relevé account.",
    "The link is valid for one hour. If it was not you, ignore this email: your password stays as it is.",
  ];
  return {
    to,
    kind: "password_reset",
    subject: "Reset your password",
    text: `${lines.join("\n\n")}\n\n${url}\n`,
    html: layout("Reset your password", lines, { label: "Choose a new password", url }),
  };
}

/** A client created by brand staff (issue #18): the link sets their password and opens their wardrobe. */
export function invitationEmail(to: string, url: string): OutgoingEmail {
  const lines = [
    "Welcome to Relevé. Our team has created your account, so your garments are waiting in your wardrobe.",
    "Choose a password to sign in. The link is valid for 7 days and works once.",
  ];
  return {
    to,
    kind: "client_invitation",
    subject: "Your Relevé wardrobe is ready",
    text: `${lines.join("\n\n")}\n\n${url}\n`,
    html: layout("Your Relevé wardrobe is ready", lines, { label: "Choose a password", url }),
  };
}
