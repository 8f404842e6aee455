import { EnvError } from "@releve/core/platform/env";
import { isBrandContactEmail } from "@releve/core/tap/rules";
import { parseSunKeys, type SunKeyVersion } from "@releve/core/tap/sun";
import type { TagCounter } from "./tag-counter";

// Checked by hand rather than with the shared zod helpers: zod alone would take most of the
// tap's 50 KB gzip budget (issue #5).
export type TapEnv = {
  APP_ENV: "development" | "test" | "production";
  SESSION_SECRET: string;
  /** The brand's address on a missing garment's page (issue #35): configuration, never an owner's. */
  BRAND_CONTACT_EMAIL: string;
  DB: D1Database;
  TAP_KV: KVNamespace;
  SCANS: Queue;
  /**
   * The shell (apps/web), whose `/share/<slug>` page a visitor's tap answers in place
   * (decision 0029). Without it the tap answers the 302 to that page instead.
   */
  SHELL?: Fetcher;
  /** Optional: how long this isolate remembers a tap answer (decision 0022); "0" turns it off. */
  TAP_MEMO_TTL_MS?: number;
  /** One read counter per secure tag (issue #21): refuses a replayed SUN URL. */
  TAG_COUNTERS: DurableObjectNamespace<TagCounter>;
  /**
   * Secret: the SUN key versions (decision 0034), JSON as `parseSunKeys` reads it. Optional: a
   * deployment without secure tags needs none, and every secure tap is then refused as
   * `keys_unavailable`. A malformed value fails here, loudly.
   */
  SUN_KEYS?: string;
  /** SUN_KEYS parsed (once per isolate, with the rest of the env); null without the secret. */
  sunKeys: readonly SunKeyVersion[] | null;
};

const APP_ENVS = ["development", "test", "production"];

/** A missing or malformed variable fails loudly, naming it. */
export function validateTapEnv(env: unknown): TapEnv {
  const e = (typeof env === "object" && env !== null ? env : {}) as Record<string, unknown>;
  const issues: string[] = [];
  const missing: string[] = [];
  const check = (name: string, ok: boolean, message: string) => {
    if (ok) return;
    if (e[name] === undefined) missing.push(name);
    issues.push(`${name}: ${e[name] === undefined ? "missing" : message}`);
  };
  check("APP_ENV", APP_ENVS.includes(e.APP_ENV as string), `must be one of ${APP_ENVS.join(", ")}`);
  check(
    "SESSION_SECRET",
    typeof e.SESSION_SECRET === "string" && e.SESSION_SECRET.length >= 32,
    "must be at least 32 characters (see .dev.vars.example)",
  );
  check(
    "BRAND_CONTACT_EMAIL",
    isBrandContactEmail(e.BRAND_CONTACT_EMAIL),
    "must be one email address, e.g. care@example.com",
  );
  for (const name of ["DB", "TAP_KV", "SCANS", "TAG_COUNTERS"]) {
    check(name, typeof e[name] === "object" && e[name] !== null, `binding ${name} is missing`);
  }
  check(
    "SHELL",
    e.SHELL === undefined || (typeof e.SHELL === "object" && e.SHELL !== null),
    "must be the service binding to the shell",
  );
  const ttl = e.TAP_MEMO_TTL_MS;
  check(
    "TAP_MEMO_TTL_MS",
    ttl === undefined || (typeof ttl === "string" && /^\d{1,6}$/.test(ttl)),
    "must be a whole number of milliseconds (0 turns the memo off)",
  );
  let sunKeys: SunKeyVersion[] | null = null;
  if (e.SUN_KEYS !== undefined) {
    try {
      if (typeof e.SUN_KEYS !== "string") throw new Error("must be a string");
      sunKeys = parseSunKeys(e.SUN_KEYS);
    } catch (error) {
      // parseSunKeys names what is wrong, never a key.
      check("SUN_KEYS", false, `${(error as Error).message} (see .dev.vars.example)`);
    }
  }
  if (issues.length > 0) throw new EnvError(issues, missing);
  return { ...(e as TapEnv), TAP_MEMO_TTL_MS: ttl === undefined ? undefined : Number(ttl), sunKeys };
}

let validated: TapEnv | undefined;

/** Validates once per isolate. */
export function getTapEnv(env: unknown): TapEnv {
  validated ??= validateTapEnv(env);
  return validated;
}
