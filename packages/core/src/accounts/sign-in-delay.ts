/**
 * How long a sign-in for one address waits before it is answered, once that address has failed
 * often lately from anywhere (issue #28, decision 0041). A guesser spread over many networks is
 * never locked out per address (that lock would be a stranger's way to shut the owner out), so it
 * is slowed instead: no wait for the first `freeFailures`, then `firstMs`, doubling with each
 * further failure, never more than `maxMs`. Every answer waits, a right password too, so a
 * guesser learns nothing by giving up on slow answers.
 */
export const SIGN_IN_DELAY = { freeFailures: 5, firstMs: 250, maxMs: 3000 } as const;

export type SignInDelayRule = { freeFailures: number; firstMs: number; maxMs: number };

/** The wait in milliseconds before answering a sign-in for an address with `failures` recent failures. */
export function signInDelayMs(failures: number, rule: SignInDelayRule = SIGN_IN_DELAY): number {
  // NaN and negatives (no count) wait nothing; Infinity waits the most.
  if (!(failures >= rule.freeFailures)) return 0;
  const doublings = Math.min(Math.floor(failures - rule.freeFailures), 30);
  return Math.min(rule.maxMs, rule.firstMs * 2 ** doublings);
}
