import type { TapRoute } from "@releve/core/tap/rules";

/**
 * This isolate's copy of recent tap answers, in front of KV (decision 0022): a garment tapped
 * again within the TTL is answered with no I/O at all. Writers invalidate it through the
 * `TapControl` entrypoint right after rewriting KV, so a local tap always sees a change at
 * once; another isolate may answer from its copy for at most the TTL, well inside the minute
 * KV itself may lag between locations (decision 0010). Destination pages re-read D1 anyway.
 */
export const MEMO_TTL_MS = 10_000;
const MEMO_LIMIT = 5_000;

type Entry<T> = { value: T; until: number };

/** What this isolate remembers for a while, by key, oldest out first past `limit`. */
export class Memo<T> {
  readonly #entries = new Map<string, Entry<T>>();

  constructor(
    readonly ttlMs = MEMO_TTL_MS,
    readonly limit = MEMO_LIMIT,
  ) {}

  /** The remembered value (a route, or null for a remembered "no such slug"), undefined when not held. */
  get(slug: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(slug);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.#entries.delete(slug);
      return undefined;
    }
    return entry.value;
  }

  set(slug: string, value: T, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    // Oldest first out: a Map iterates in insertion order.
    if (!this.#entries.has(slug) && this.#entries.size >= this.limit) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.delete(slug);
    this.#entries.set(slug, { value, until: now + this.ttlMs });
  }

  forget(slugs: readonly string[]): void {
    for (const slug of slugs) this.#entries.delete(slug);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** The tap's routes by slug (null: a remembered "no such slug"). */
export class RouteMemo extends Memo<TapRoute | null> {}
