/**
 * Keyset paging's one condition (issue #30, decision 0050): the rows after a cursor in a list
 * ordered by time, then id, both descending.
 */
import { and, eq, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** Rows strictly after `cursor` (older, or as old with a smaller id); none: every row. */
export function olderThan<Id extends number | string>(
  createdAt: SQLiteColumn,
  id: SQLiteColumn,
  cursor: { createdAt: number; id: Id } | null | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  const at = new Date(cursor.createdAt);
  return or(lt(createdAt, at), and(eq(createdAt, at), lt(id, cursor.id)));
}
