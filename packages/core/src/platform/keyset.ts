/**
 * Keyset paging (issue #30): every list in the product reads a page as the rows after the last
 * one shown, in the list's order, never by OFFSET, so rows added meanwhile neither repeat nor
 * shift a page, and a page deep in a long list costs what the first does. A cursor names the
 * last row shown: `<ms>-<id>` for lists newest first by time then id, `<id>` for lists by id.
 */
import { z } from "zod";
import { parseId } from "./input-limits";

/** The last row of a page of a list ordered by (created_at, id), both descending. */
export type TimeCursor = { createdAt: number; id: number };

/** A time cursor as it travels in a URL: `<ms>-<id>`. */
export const formatTimeCursor = (cursor: TimeCursor) => `${cursor.createdAt}-${cursor.id}`;

/** A time cursor from a URL, or null when it is missing or not one. */
export function parseTimeCursor(raw: string | null | undefined): TimeCursor | null {
  const match = /^(\d{1,15})-(\d{1,16})$/.exec(raw ?? "");
  const id = match ? parseId(match[2]) : null;
  if (!match || id === null) return null;
  return { createdAt: Number(match[1]), id };
}

/** The cursor after a row (the last of a page), as it travels in a URL. */
export const timeCursorAfter = (row: { created_at: Date; id: number }) =>
  formatTimeCursor({ createdAt: row.created_at.getTime(), id: row.id });

/**
 * The last row of a page of a list newest first by time, then by a text id (a scan's id, made
 * at the edge): `<ms>_<id>`.
 */
export type TextIdCursor = { createdAt: number; id: string };

export const formatTextIdCursor = (cursor: TextIdCursor) => `${cursor.createdAt}_${cursor.id}`;

function parseTextIdCursor(raw: string | null | undefined): TextIdCursor | null {
  const match = /^(\d{1,15})_([A-Za-z0-9-]{1,64})$/.exec(raw ?? "");
  return match ? { createdAt: Number(match[1]), id: match[2] as string } : null;
}

/** An admin API `?before=` read by `parse`: absent is the first page; anything unreadable is a 400. */
const cursorParam = <C>(parse: (raw: string) => C | null, what: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): C | null => {
      if (raw === undefined || raw === "") return null;
      const cursor = parse(raw);
      if (cursor === null) {
        ctx.addIssue({ code: "custom", message: `before must be a cursor this list gave (${what}).` });
        return z.NEVER;
      }
      return cursor;
    });

/** `?before=` of a list newest first by time, then id. */
export const timeCursorParam = cursorParam(parseTimeCursor, "<ms>-<id>");

/** `?before=` of a list newest first by time, then a text id. */
export const textIdCursorParam = cursorParam(parseTextIdCursor, "<ms>_<id>");

/** `?before=` of a list by id. */
export const idCursorParam = cursorParam(parseId, "an id");
