/**
 * The email outbox.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { desc } from "drizzle-orm";
import type { Db } from "../client";
import { emailOutbox } from "../schema";

/** Stores one email as sent (the local outbox; production mails through the Workers binding). */
export async function insertOutboxEmail(
  db: Db,
  email: Pick<
    typeof emailOutbox.$inferInsert,
    "to_address" | "subject" | "text_body" | "html_body" | "kind" | "sent_at"
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
      kind: emailOutbox.kind,
      createdAt: emailOutbox.created_at,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
}
