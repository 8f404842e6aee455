import { DurableObject } from "cloudflare:workers";
import { SUN_MAX_COUNTER } from "@releve/core/tap/sun";

/** The storage key of the last accepted read counter. */
const LAST = "last";

/**
 * One secure tag's read counter (issue #21): one object per tag UID (`getByName(uid)`), SQLite
 * storage, so the refusal of a replayed SUN URL is strongly consistent wherever it is tapped (KV
 * is eventually consistent and cannot stop a replay). The tap calls it only after the URL's MAC
 * has verified, so a forged URL never reaches it.
 */
export class TagCounter extends DurableObject<Env> {
  /**
   * Accepts `counter` only when it is above the last accepted one, and stores it. Read, compare
   * and write happen synchronously in one call (a Durable Object runs one call at a time and the
   * synchronous KV API never yields), so two taps of the same URL cannot both pass.
   * `last` is the stored counter after the call (-1 when the tag has never been seen).
   */
  advance(counter: number): { ok: boolean; last: number } {
    const last = this.ctx.storage.kv.get<number>(LAST) ?? -1;
    if (!Number.isSafeInteger(counter) || counter < 0 || counter > SUN_MAX_COUNTER || counter <= last) {
      return { ok: false, last };
    }
    this.ctx.storage.kv.put(LAST, counter);
    return { ok: true, last: counter };
  }
}
