/**
 * WAI-ARIA tabs' keyboard: the index of the tab a key moves to among `count` tabs from `index`
 * (the arrows wrap around, Home and End go to the ends), or null for any other key.
 */
export function tabIndexAfter(key: string, index: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case "ArrowRight":
      return index === last ? 0 : index + 1;
    case "ArrowLeft":
      return index === 0 ? last : index - 1;
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}
