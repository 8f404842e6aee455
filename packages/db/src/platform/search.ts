/**
 * Search through the FTS5 trigram indexes (issue #30, decision 0046; migrations/0009, 0013): the
 * admin's garment and client searches and the owner's contact search. A term of three or more
 * characters is one phrase, taken literally, that matches anywhere in a column with case and
 * accents folded, and the index finds it without reading every row. A shorter term has no
 * trigram to look up: it is compared row by row as before (containsText), one or two
 * characters being what a person types before the list narrows.
 *
 * Raw sql: drizzle has no builder for FTS5's MATCH, and the indexes are virtual tables that
 * drizzle's schema does not describe.
 */
import { type SQL, sql } from "drizzle-orm";

/** Trigram indexes find terms of at least this many characters. */
const MIN_INDEXED_TERM = 3;

/** The indexed searches and the columns each may be asked about. */
export type SearchIndex = "garment_search" | "garment_owner_search" | "client_search" | "contact_search";

/** `term` as an FTS5 phrase (its quotes doubled), or null when it is too short for the index. */
export function ftsPhrase(term: string): string | null {
  if ([...term].length < MIN_INDEXED_TERM) return null;
  return `"${term.replaceAll('"', '""')}"`;
}

/** An FTS5 column filter: the phrase in any of `columns`. */
export const inColumns = (columns: string[], phrase: string) => `{${columns.join(" ")}} : ${phrase}`;

/** The rowids of `index` that match the FTS5 query `match`, as a subquery. */
export const searchRowids = (index: SearchIndex, match: string): SQL =>
  sql`SELECT rowid FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${match}`;
