import { afterEach, beforeEach } from "vitest";

/**
 * An unexpected `console.error` fails the test that caused it, in every vitest tier, as it
 * already does in the end-to-end tier (docs/testing.md). A test that expects one says so with
 * `vi.spyOn(console, "error").mockImplementation(...)`, which replaces this recorder.
 */
const original = console.error;
let seen: unknown[][] = [];

beforeEach(() => {
  seen = [];
  console.error = (...args: unknown[]) => {
    seen.push(args);
    original.apply(console, args);
  };
});

afterEach(() => {
  const calls = seen;
  seen = [];
  console.error = original;
  const [firstCall] = calls;
  if (firstCall) {
    const first = firstCall.map((a) => (a instanceof Error ? a.stack : String(a))).join(" ");
    throw new Error(`Unexpected console.error (${calls.length} call(s)); first: ${first.slice(0, 500)}`);
  }
});
