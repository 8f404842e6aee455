import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * `expr` contains `term`, ASCII letters compared case-insensitively (as LIKE compares them),
 * every other character literally (`%`, `_` and `\` included). Raw sql: drizzle has no instr().
 *
 * instr(), not LIKE: D1 refuses a LIKE pattern over 50 bytes ("LIKE or GLOB pattern too
 * complex"), which is 25 accented letters; instr() takes a term of any length (issue #17).
 * SQLite's lower() folds ASCII only, the same folding LIKE uses.
 */
export const containsText = (expr: SQLWrapper, term: string): SQL => sql`instr(lower(${expr}), lower(${term})) > 0`;
