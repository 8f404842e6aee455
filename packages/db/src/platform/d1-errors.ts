import { DrizzleQueryError } from "drizzle-orm";

/** D1's own message for a failed query: drizzle wraps it with the statement and its parameters (data, not a reason). */
export const d1Message = (error: unknown): string => {
  const cause = error instanceof DrizzleQueryError ? (error.cause ?? error) : error;
  return cause instanceof Error ? cause.message : String(cause);
};

/**
 * D1 (SQLite) refuses a write that breaks a unique index with "UNIQUE constraint failed: …".
 * The one place that reads that message (issue #29): callers decide what a clash means (a
 * conflict to report, a fresh random value to draw again, a row that already exists).
 */
export const isUniqueViolation = (error: unknown): boolean => /UNIQUE constraint failed/i.test(String(error));

/** Runs `write`; on a unique-index clash answers `onClash()` instead (its value, or what it throws). */
export async function onUniqueViolation<T, U>(write: () => Promise<T>, onClash: () => U | Promise<U>): Promise<T | U> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return onClash();
    throw error;
  }
}
