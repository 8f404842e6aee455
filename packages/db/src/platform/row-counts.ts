/**
 * Counts kept, not counted (issue #30, decision 0047): row_counts holds how many garments (all,
 * claimed, unclaimed) and profiles exist and how many were made each UTC day, kept by triggers
 * (migration 0011) on every write.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { rowCounts } from "../schema";

export type CountedKind = "garments" | "garments:claimed" | "garments:unclaimed" | "profiles";

/** How many rows of a kind exist: one primary-key read (a query for db.batch, one row or none). */
export const keptCount = (db: Db, kind: CountedKind) =>
  db
    .select({ n: rowCounts.n })
    .from(rowCounts)
    .where(and(eq(rowCounts.kind, kind), eq(rowCounts.day, "")));
