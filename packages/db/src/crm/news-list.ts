/**
 * The brand's 'news and offers' list (issue #33): the only brand export of people's details. A
 * contact is in it only while their 'I'd like news and offers from Relevé.' consent stands and
 * the contact exists: a withdrawn visitor's row is deleted, a deleted account's details too.
 */
import { type ReadBatch, toBatch } from "@releve/core/platform/stream-export";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../client";
import { contacts } from "../schema";

const newsColumns = {
  id: contacts.id,
  first_name: contacts.first_name,
  last_name: contacts.last_name,
  email: contacts.email,
  phone: contacts.phone,
  contact_source: contacts.contact_source,
  created_at: contacts.created_at,
};

export type NewsListRow = { [K in keyof typeof newsColumns]: (typeof contacts.$inferSelect)[K] };

/** Consenting contacts, oldest first, a keyset batch at a time (streamed: no cap). */
export function readNewsListBatches(db: Db, size = 1000): ReadBatch<NewsListRow, number> {
  return async (after) => {
    const rows = await db
      .select(newsColumns)
      .from(contacts)
      .where(and(eq(contacts.consent_marketing, true), gt(contacts.id, after ?? 0)))
      .orderBy(asc(contacts.id))
      .limit(size + 1);
    return toBatch(rows, size, (row) => row.id);
  };
}
