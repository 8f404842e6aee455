/**
 * Shared machinery of the security suites (issue #17): the seeded actors as HTTP clients with
 * cookie jars of their own, the route tables read from the app itself, raw requests, and a
 * fingerprint of the suites' server's D1 database to prove a refused request changed nothing.
 * The suites run in Node against a real local server (tests/security/server.ts, issue #47).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { inject } from "vitest";
import { parseDevVars, ROOT } from "../../scripts/dev-vars";
import { HttpClient, type HttpResponse } from "./http";
import { SECURITY_STATE } from "./where";

export type Role = "owner" | "visitor" | "admin";
export type ActorName = "anon" | "A" | "B" | "admin";
export const ACTORS: readonly ActorName[] = ["anon", "A", "B", "admin"];
const ROLE_OF: Record<Exclude<ActorName, "anon">, Role> = { A: "owner", B: "visitor", admin: "admin" };
export const emailOf = (role: Role) => `${role}@releve.local`;

/** Demo passwords of the seeded accounts, from the .dev.vars the server was prepared with. */
export function demoPassword(role: Role): string {
  const name = `DEMO_${role.toUpperCase()}_PASSWORD`;
  const password = parseDevVars(readFileSync(join(ROOT, ".dev.vars"), "utf8"))[name];
  if (!password) throw new Error(`${name} missing from .dev.vars`);
  return password;
}

/** A client address of its own per purpose, as Cloudflare would send it (see ../fixtures.ts). */
function ipFor(tag: string): string {
  let h = 2166136261;
  for (const ch of tag) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255 || 1}`;
}

/** The suites' server (tests/security/server.ts). */
export const serverURL = () => inject("baseURL");

/** An HTTP client with its own cookies (an actor) and client address. */
export type Client = HttpClient;

export async function newContext(baseURL: string, tag: string): Promise<Client> {
  return new HttpClient(baseURL, { "CF-Connecting-IP": ipFor(tag) });
}

/** Signs `ctx` in through the real login form (a 302 with the session cookie). */
export async function signInContext(ctx: Client, baseURL: string, email: string, password: string) {
  const res = await ctx.post("/auth", {
    form: { intent: "login", email, password, redirectTo: "" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  if (res.status() !== 302)
    throw new Error(`sign-in of ${email} answered ${res.status()}: ${(await res.text()).slice(0, 200)}`);
}

export async function actorContexts(baseURL: string, tag: string): Promise<Record<ActorName, Client>> {
  const out = {} as Record<ActorName, Client>;
  for (const actor of ACTORS) {
    out[actor] = await newContext(baseURL, `${tag}:${actor}`);
    if (actor !== "anon") {
      const role = ROLE_OF[actor];
      await signInContext(out[actor], baseURL, emailOf(role), demoPassword(role));
    }
  }
  return out;
}

/**
 * Signs up a throwaway account of the suite's own (the sign-up form), then signs it in as its
 * owner would: the verification link from the local outbox (sign-up itself signs nobody in).
 */
export async function throwawayAccount(baseURL: string, tag: string) {
  const ctx = await newContext(baseURL, `${tag}:signup`);
  const email = `sec-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`.toLowerCase();
  const password = `Sec-${tag}-pw-2024!`;
  const res = await ctx.post("/auth", {
    form: { intent: "signup", firstName: "Sec", lastName: tag, email, password, confirmPassword: password },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  if (res.status() !== 200) throw new Error(`sign-up of ${email} answered ${res.status()}`);
  const token = await verificationToken(ctx, email);
  const verified = await ctx.post("/auth/verified", { form: { token }, headers: { Origin: baseURL }, maxRedirects: 0 });
  if (verified.status() !== 302) throw new Error(`verifying ${email} answered ${verified.status()}`);
  return { ctx, email, password };
}

/** The token of the newest verification mail to `email` in the local outbox (it is sent after the answer). */
async function verificationToken(ctx: Client, email: string): Promise<string> {
  const label = `aria-label="Confirm your email address to ${email}"`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const html = await (await ctx.get("/dev/outbox")).text();
    const at = html.indexOf(label);
    const token = at === -1 ? null : /\/auth\/verified\?token=([A-Za-z0-9_-]+)/.exec(html.slice(at))?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail to ${email} in the outbox`);
}

// ---------------------------------------------------------------------------------------------
// Raw requests

export type RawRequest = {
  method: string;
  /** Path and query, sent as is (appended to the base URL, so `//x` stays a path). */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Origin header: this origin (default for non-GET), none, or another. */
  origin?: "same" | "none" | string;
  ip?: string;
};

export type Answer = {
  status: number;
  location: string | null;
  body: string;
  error?: string;
  headers: Record<string, string>;
  /** How long the answer took (printed for the slowest; never asserted). */
  ms: number;
};

/** The status given to an answer whose headers exceed 16 KB (Node's limit; proxies' are lower). */
export const HEADER_OVERFLOW = 498;
const OVERFLOW = { status: HEADER_OVERFLOW, location: null, body: "", headers: {} };

export async function send(ctx: Client, baseURL: string, req: RawRequest): Promise<Answer> {
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  const origin = req.origin ?? (req.method === "GET" || req.method === "HEAD" ? "none" : "same");
  if (origin === "same") headers.Origin = baseURL;
  else if (origin !== "none") headers.Origin = origin;
  if (req.ip) headers["CF-Connecting-IP"] = req.ip;
  let res: HttpResponse;
  const t0 = performance.now();
  try {
    res = await ctx.fetch(`${baseURL}${req.path}`, {
      method: req.method,
      headers,
      data: req.body,
      maxRedirects: 0,
      timeout: 30_000,
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const message = `${String(error)}${cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : ""}`.slice(0, 300);
    // Headers past Node's 16 KB limit (a value echoed with no cap): an answer, not an outage.
    if (cause?.code === "UND_ERR_HEADERS_OVERFLOW" || /Headers? overflow/i.test(message))
      return { ...OVERFLOW, error: message, ms: performance.now() - t0 };
    // A dropped connection or a hang is as bad as a 5xx: count it as one.
    return { status: 599, location: null, body: "", error: message, headers: {}, ms: performance.now() - t0 };
  }
  const body = (await res.body().catch(() => Buffer.alloc(0))).toString("utf8");
  const h = res.headers();
  return { status: res.status(), location: h.location ?? null, body, headers: h, ms: performance.now() - t0 };
}

/** Runs `jobs` `width` at a time, in order of submission. */
export async function inBatches<T, R>(items: readonly T[], width: number, run: (item: T, index: number) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    const batch = items.slice(i, i + width);
    out.push(...(await Promise.all(batch.map((item, k) => run(item, i + k)))));
  }
  return out;
}

export const excerpt = (text: string, at = 0, width = 160) =>
  JSON.stringify(text.slice(Math.max(0, at - width / 2), at + width / 2));

// ---------------------------------------------------------------------------------------------
// The route tables, read from the app itself so that a new route cannot be forgotten.

type RouteConfigEntry = { path?: string; index?: boolean; file: string; id?: string; children?: RouteConfigEntry[] };
export type PageRoute = { key: string; file: string; id: string; page: boolean; action: boolean };

const APP = join(ROOT, "apps/web/app");

/** Every route of apps/web/app/routes.ts, with its full path as key ("/dashboard/garment/:garmentId"). */
export async function pageRoutes(): Promise<PageRoute[]> {
  // A computed specifier: the e2e typecheck must not pull the app's sources into its project.
  const routesModule = join(APP, "routes.ts");
  const config = (await import(routesModule)).default as RouteConfigEntry[];
  const out: PageRoute[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
      const source = readFileSync(join(APP, entry.file), "utf8");
      out.push({
        key: `/${path}`.replace(/\/+$/, "") || "/",
        file: entry.file,
        id: entry.id ?? entry.file,
        page: /^export default\b/m.test(source),
        action: /^export (async )?(function|const) action\b/m.test(source),
      });
      if (entry.children) walk(entry.children, path);
    }
  };
  walk(config, "");
  return out;
}

export type ShellRoute = { method: string; path: string; key: string };

/** Every route of the Worker's shell (Hono): /api/*, /t/*, and the page renderer's catch-all. */
export async function shellRoutes(): Promise<ShellRoute[]> {
  const shellModule = join(ROOT, "apps/web/workers/shell.ts");
  const { createShellApp } = (await import(shellModule)) as {
    createShellApp: (render: () => Response) => { routes: { method: string; path: string }[] };
  };
  const app = createShellApp(() => new Response(null));
  const seen = new Map<string, ShellRoute>();
  for (const r of app.routes) {
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path: r.path, key });
  }
  return [...seen.values()];
}

// ---------------------------------------------------------------------------------------------
// The database fingerprint

/**
 * Tables a refused request may legitimately write, or that only background jobs write. Every
 * other table (and every other column) is compared row by row.
 */
const EXCLUDED_TABLES: Record<string, string> = {
  auth_attempts: "a refused sign-in is recorded: it is what the lock-out counts",
  rate_events: "a rate limit counts refused attempts too",
  scan_daily_stats: "written by the five-minute rollup cron, never by a request",
  scan_daily_dimensions: "written by the five-minute rollup cron, never by a request",
  job_watermarks: "the rollup cron's progress marker",
  event_deliveries: "the events consumer's record of each delivery, written seconds after the request (issue #48)",
  // SQLite's AUTOINCREMENT counter moves even when a unique index turns an insert away (the
  // early-access list's "already on the list"): bookkeeping, not a row of ours.
  sqlite_sequence: "SQLite's own counter",
  d1_migrations: "D1's own bookkeeping",
  _cf_METADATA: "D1's own bookkeeping",
  _cf_KV: "D1's own bookkeeping",
};
/**
 * A signed-in request rolls its session's expiry once a day: that is not a change it made. The
 * alerts consumer (issue #33) marks an owner's alerts sent and the owner's window seconds after
 * the request that left the alert, whatever request comes next.
 */
const EXCLUDED_COLUMNS: Record<string, readonly string[]> = {
  sessions: ["last_seen_at", "expires_at"],
  // The events consumer marks an event delivered seconds after the request that wrote it (issue #48).
  domain_events: ["delivered_at"],
  owner_alerts: ["sent_at"],
  users: ["alerts_sent_at"],
};
/**
 * Rows written by a background job, seconds after the request that caused them: the alert mails,
 * and a visitor's details-shared mail (sent by the contact.received event's consumer, issue #48).
 */
const EXCLUDED_ROWS: Record<string, string> = {
  email_outbox: "kind IS NOT 'connection_alert' AND kind IS NOT 'details_shared'",
};

function findD1File(): string {
  const state = join(ROOT, "apps/web/.wrangler", SECURITY_STATE);
  const candidates: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/^[0-9a-f]{64}\.sqlite$/.test(name) && dir.includes("D1DatabaseObject")) candidates.push(path);
    }
  };
  if (existsSync(state)) walk(state);
  for (const file of candidates) {
    const db = new DatabaseSync(file, { readOnly: true });
    const found = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'garments'").get();
    db.close();
    if (found) return file;
  }
  throw new Error(`no D1 database with a garments table under ${state}`);
}

export type Snapshot = Map<string, Map<string, string>>;
export type Diff = { changed: number; tables: Record<string, number> };

export class DbWatch {
  private db: DatabaseSync;
  private cached: { version: number; snapshot: Snapshot } | null = null;
  private readers = new Map<string, { statement: StatementSync; keep: number[] }>();
  constructor() {
    this.db = new DatabaseSync(findD1File(), { readOnly: true });
  }

  /** SQLite's data_version: it moves whenever another connection (the server's) commits. */
  version(): number {
    return Number((this.db.prepare("PRAGMA data_version").get() as { data_version: number }).data_version);
  }

  /** Every row of every compared table; read again only when the server has written since. */
  snapshot(): Snapshot {
    const version = this.version();
    if (this.cached?.version === version) return this.cached.snapshot;
    const out: Snapshot = new Map();
    const tables = this.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
      sql: string | null;
    }[];
    // The FTS5 search indexes (decision 0046) and their shadow tables: derived from the compared
    // rows by triggers, so a change to them is a change to a compared row.
    const indexes = tables.filter((t) => t.sql?.startsWith("CREATE VIRTUAL TABLE")).map((t) => t.name);
    for (const { name } of tables) {
      if (name in EXCLUDED_TABLES) continue;
      if (indexes.some((index) => name === index || name.startsWith(`${index}_`))) continue;
      const { statement, keep } = this.reader(name);
      const rows = new Map<string, string>();
      for (const row of statement.all() as unknown as unknown[][]) {
        rows.set(String(row[0]), keep.map((i) => String(row[i])).join("\u0001"));
      }
      out.set(name, rows);
    }
    this.cached = { version, snapshot: out };
    return out;
  }

  /** One prepared statement per table, rows as arrays (rowid first), and the columns compared. */
  private reader(name: string) {
    let entry = this.readers.get(name);
    if (!entry) {
      const where = EXCLUDED_ROWS[name] ? ` WHERE ${EXCLUDED_ROWS[name]}` : "";
      const table = `"${name.replaceAll('"', '""')}"`;
      // A WITHOUT ROWID table (the event log) is keyed by its primary key instead.
      const { sql } = this.db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").get(name) as { sql: string };
      const key = /WITHOUT ROWID\s*$/i.test(sql.trim()) ? this.primaryKey(name) : "rowid";
      const statement = this.db.prepare(`SELECT ${key} AS "__rowid", * FROM ${table}${where}`);
      statement.setReturnArrays(true);
      const skip = new Set(EXCLUDED_COLUMNS[name] ?? []);
      const columns = statement.columns().map((c) => c.name);
      const keep = columns.flatMap((column, i) => (i > 0 && !skip.has(column) ? [i] : []));
      entry = { statement, keep };
      this.readers.set(name, entry);
    }
    return entry;
  }

  /** A table's primary key columns, joined, as a key expression. */
  private primaryKey(name: string): string {
    const columns = (
      this.db.prepare(`PRAGMA table_info("${name.replaceAll('"', '""')}")`).all() as {
        name: string;
        pk: number;
      }[]
    )
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => `"${c.name}"`);
    return columns.join(" || '\u0001' || ");
  }

  static diff(before: Snapshot, after: Snapshot): Diff {
    const tables: Record<string, number> = {};
    let changed = 0;
    for (const name of new Set([...before.keys(), ...after.keys()])) {
      const a = before.get(name) ?? new Map<string, string>();
      const b = after.get(name) ?? new Map<string, string>();
      let n = 0;
      for (const [key, value] of a) if (b.get(key) !== value) n++;
      for (const key of b.keys()) if (!a.has(key)) n++;
      if (n > 0) {
        tables[name] = n;
        changed += n;
      }
    }
    return { changed, tables };
  }

  /** Waits until nothing has changed for `quietMs` (late writes of earlier tests), at most `maxMs`. */
  async settle(quietMs = 400, maxMs = 8000): Promise<Snapshot> {
    let last = this.snapshot();
    const end = Date.now() + maxMs;
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, quietMs));
      const next = this.snapshot();
      if (DbWatch.diff(last, next).changed === 0) return next;
      last = next;
    }
    return last;
  }

  get<T>(sql: string, ...params: (string | number)[]): T | undefined {
    return this.db.prepare(sql).get(...params) as T | undefined;
  }

  close() {
    this.db.close();
  }
}

export const describeDiff = (diff: Diff) =>
  Object.entries(diff.tables)
    .map(([t, n]) => `${t}: ${n}`)
    .join(", ");

/** Printed figures go to the test's output (and stay in the CI log). */
export function printFigures(title: string, figures: Record<string, number | string>) {
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  const lines = Object.entries(figures).map(([k, v]) => `  ${k.padEnd(width)}  ${v}`);
  console.log(`\n[${title}]\n${lines.join("\n")}`);
}
