/**
 * Counts kept, not counted (issue #30, decision 0047): row_counts holds how many garments (all,
 * claimed, unclaimed) and profiles exist and how many were made each UTC day, and how many tags
 * exist in all and by status, kept by triggers (migrations 0011, 0014) on every write.
 */
import type { TagStatus } from "@releve/core/tags/rules";
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { rowCounts } from "../schema";

export type CountedKind =
  | "garments"
  | "garments:claimed"
  | "garments:unclaimed"
  | "profiles"
  | "tags"
  | `tags:${TagStatus}`;

/** How many rows of a kind exist: one primary-key read (a query for db.batch, one row or none). */
export const keptCount = (db: Db, kind: CountedKind) =>
  db
    .select({ n: rowCounts.n })
    .from(rowCounts)
    .where(and(eq(rowCounts.kind, kind), eq(rowCounts.day, "")));
