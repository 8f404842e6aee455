import { ApiError } from "./api";

/** One refused line of an import, as the server names it. */
export type LineProblem = { line: number; message: string };

/** The line problems an import refusal lists (400 `details.problems`), if it has them. */
export function problemsOf(error: Error): LineProblem[] {
  if (!(error instanceof ApiError)) return [];
  const problems = (error.details as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? (problems as LineProblem[]) : [];
}

/**
 * A chosen file the import refuses before reading it: more bytes than `maxChars` characters can
 * take in UTF-8 (4 bytes each at most). The server counts characters again.
 */
export const fileTooLarge = (bytes: number, maxChars: number) => bytes > maxChars * 4;

export const tooLargeText = (maxChars: number) =>
  `This file is too large: an import is at most ${maxChars.toLocaleString("en-GB")} characters.`;
