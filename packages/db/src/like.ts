import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** `%q%` with LIKE's own wildcards (`%`, `_`) and the escape character taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `expr LIKE pattern ESCAPE '\'`: raw sql because drizzle's like() has no ESCAPE clause. */
export const likeEscaped = (expr: SQLWrapper, pattern: string): SQL => sql`${expr} LIKE ${pattern} ESCAPE '\\'`;
