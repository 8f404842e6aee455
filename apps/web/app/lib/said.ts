/**
 * Outcomes by code, messages by language (issues #34, #48): core names each outcome by a code
 * (a key of its English table, which the API answers with) and a page says it through a forward
 * map from that code to its message, so the reader's language never comes from the English.
 */

/** The codes of a core table whose values are texts (its functions aside). */
type TextCodes<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** A message for each code of a core table, or for the codes `K` a page meets. */
export type SaidBy<T, K extends TextCodes<T> = TextCodes<T>> = { readonly [P in K]: () => string };
