/**
 * The wardrobe room's server texts in the reader's language (issue #34): each English text its
 * rules send to a page (packages/core constants, the spec's words), and each field label they name,
 * with the message that says it. Merged by apps/web/app/lib/localize.server.ts.
 */
export const TEXTS: ReadonlyArray<readonly [english: string, say: () => string]> = [];

export const LABELS: ReadonlyArray<readonly [english: string, say: () => string]> = [];
