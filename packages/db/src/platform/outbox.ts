/**
 * The email outbox.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import type { Mail } from "@releve/core/platform/mail";
import { desc } from "drizzle-orm";
import type { Db } from "../client";
import { emailOutbox } from "../schema";

/** How a mail leaves (docs/alerts.md): the outbox locally and in tests, the Workers binding in production. */
export interface MailSender {
  send(mail: Mail): Promise<void>;
}

/** Stores each mail, headers included, as the local outbox's row (/dev/outbox shows them). */
export function outboxSender(db: Db): MailSender {
  return {
    async send(mail) {
      await insertOutboxEmail(db, {
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        headers: Object.keys(mail.headers).length ? JSON.stringify(mail.headers) : null,
        kind: mail.kind,
        sent_at: new Date(),
      });
    },
  };
}

/** The part of Cloudflare's `send_email` binding used here (the Workers type, without depending on it). */
export interface EmailBinding {
  send(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    headers: Record<string, string>;
  }): Promise<unknown>;
}

/** Cloudflare Email Sending: the binding takes the headers (List-Unsubscribe) as they are. */
function bindingSender(binding: EmailBinding, from: string): MailSender {
  return {
    async send(mail) {
      await binding.send({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
  };
}

/** Production mails through the binding; every other environment writes the outbox. */
export function mailSender(
  env: { APP_ENV: string; EMAIL?: EmailBinding | undefined; EMAIL_FROM: string },
  db: Db,
): MailSender {
  if (env.APP_ENV === "production" && env.EMAIL) return bindingSender(env.EMAIL, env.EMAIL_FROM);
  return outboxSender(db);
}

/** Stores one email as sent (the local outbox; production mails through the Workers binding). */
async function insertOutboxEmail(
  db: Db,
  email: Pick<
    typeof emailOutbox.$inferInsert,
    "to_address" | "subject" | "text_body" | "html_body" | "headers" | "kind" | "sent_at"
  >,
): Promise<void> {
  await db.insert(emailOutbox).values(email);
}

/** The newest emails first, for the local /dev/outbox page. */
export function listRecentOutbox(db: Db, limit = 50) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to_address,
      subject: emailOutbox.subject,
      text: emailOutbox.text_body,
      headers: emailOutbox.headers,
      kind: emailOutbox.kind,
      createdAt: emailOutbox.created_at,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
}
