/**
 * A message with something inside it that is not text (a link, a bold name): the message is
 * called with `slot("email")` for that input, and the caller puts its markup where the slot
 * lands. The sentence stays whole in each language; nothing is concatenated around it.
 */
const MARK = "\u0001";

export const slot = (name: string) => `${MARK}${name}${MARK}`;

/** The text around the slots, in order: strings, and `{ slot }` where each slot was. */
export function splitSlots(text: string): Array<string | { slot: string }> {
  return text
    .split(new RegExp(`${MARK}([A-Za-z0-9_]+)${MARK}`))
    .map((part, i) => (i % 2 === 1 ? { slot: part } : part))
    .filter((part) => part !== "");
}
