import { OWNER_TOKEN_COOKIE } from "@releve/core/tap/owner-token";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { getTapEnv, type TapEnv } from "./env";

export type TapBindings = { Bindings: Env };
type WaitUntil = (promise: Promise<unknown>) => void;

/** An answer's headers: one of the tap's two sets, or (a Digital Link's tap) one with the resolver's added. */
export type TapHeaders = Readonly<Record<string, string>>;

/** Where a tap's route came from: this isolate's memo, KV or D1. */
type Source = "memo" | "kv" | "d1";

/**
 * One request to the tap, built once as it arrives and handed to every step of its answer.
 * `env`, `url` and `ownerToken` are read when first asked: a tap answered from the memo never
 * parses its URL, and a broken env fails only where the tap reads it (an invalid slug's 404 and
 * the 503 page never do).
 */
export type Tap = {
  /** The checked bindings and variables (once per isolate). */
  readonly env: TapEnv;
  readonly request: Request;
  /** The request's URL, parsed on first use. */
  readonly url: URL;
  /** The headers every answer to this request carries. */
  readonly headers: TapHeaders;
  readonly waitUntil: WaitUntil;
  /**
   * A link tester's dry run (issue #20): answered as a real tap would be, but no scan is
   * recorded and no secure tag's counter is spent.
   */
  readonly dryRun: boolean;
  /** The signed owner token's cookie, if the request carries one. */
  readonly ownerToken: string | undefined;
  /** Where the route came from, set once it is read (`X-Tap-Source`); unset before, or when none is read. */
  source?: Source;
};

/** The request's Tap; `known`: its URL when already parsed, and whether it is a verified dry run. */
export function tapOf(c: Context<TapBindings>, headers: TapHeaders, known: { url?: URL; dryRun?: boolean } = {}): Tap {
  let url = known.url;
  return {
    get env() {
      return getTapEnv(c.env);
    },
    request: c.req.raw,
    get url() {
      url ??= new URL(c.req.url);
      return url;
    },
    headers,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    dryRun: known.dryRun ?? false,
    get ownerToken() {
      return getCookie(c, OWNER_TOKEN_COOKIE);
    },
  };
}

/** The tap's headers and, once its route is read, where it came from (`X-Tap-Source`). */
export const sourcedHeaders = (tap: Tap): TapHeaders =>
  tap.source === undefined ? tap.headers : { ...tap.headers, "X-Tap-Source": tap.source };
