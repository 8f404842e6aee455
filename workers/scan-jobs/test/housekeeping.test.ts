import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { HOUSEKEEPING } from "@releve/core/platform/housekeeping";
import { authAttempts, authTokens, rateEvents, sessions } from "@releve/db/schema";
import { createUser } from "@releve/db/testing/factories";
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { purgeExpired } from "../src/housekeeping";
import worker from "../src/index";
import { db } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

// Long before any row another test writes, so each purge here sees only this file's rows.
const T = Date.UTC(2020, 0, 15, 12, 0, 0);
const MINUTE = 60_000;

async function addSessions(userId: string, expiresAt: number[]) {
  const ids = expiresAt.map(() => crypto.randomUUID());
  await db
    .insert(sessions)
    .values(
      ids.map((id, i) => ({ id, user_id: userId, expires_at: new Date(expiresAt[i] ?? 0), last_seen_at: new Date(T) })),
    );
  return ids;
}

async function addTokens(userId: string, rows: Array<{ expiresAt: number; used?: boolean }>) {
  const inserted = await db
    .insert(authTokens)
    .values(
      rows.map((r) => ({
        user_id: userId,
        purpose: "password_reset" as const,
        token_hash: crypto.randomUUID(),
        expires_at: new Date(r.expiresAt),
        used_at: r.used ? new Date(r.expiresAt - MINUTE) : null,
      })),
    )
    .returning({ id: authTokens.id });
  return inserted.map((r) => r.id);
}

async function addAttempts(createdAt: number[]) {
  const inserted = await db
    .insert(authAttempts)
    .values(createdAt.map((at) => ({ email: "someone@test.local", ip: "192.0.2.1", created_at: new Date(at) })))
    .returning({ id: authAttempts.id });
  return inserted.map((r) => r.id);
}

async function addRateEvents(createdAt: number[]) {
  const inserted = await db
    .insert(rateEvents)
    .values(createdAt.map((at) => ({ bucket: "contact_ip", key: "k", created_at: new Date(at) })))
    .returning({ id: rateEvents.id });
  return inserted.map((r) => r.id);
}

type Ids = { sessions: string[]; tokens: string[]; attempts: number[]; events: number[] };

/** How many of the given rows are still there, per table. */
const remaining = async (ids: Partial<Ids>) => ({
  sessions: ids.sessions?.length
    ? (await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids.sessions))).length
    : 0,
  tokens: ids.tokens?.length
    ? (await db.select({ id: authTokens.id }).from(authTokens).where(inArray(authTokens.id, ids.tokens))).length
    : 0,
  attempts: ids.attempts?.length
    ? (await db.select({ id: authAttempts.id }).from(authAttempts).where(inArray(authAttempts.id, ids.attempts))).length
    : 0,
  events: ids.events?.length
    ? (await db.select({ id: rateEvents.id }).from(rateEvents).where(inArray(rateEvents.id, ids.events))).length
    : 0,
});

describe("housekeeping", () => {
  it("purges only expired sessions and tokens, and attempts and rate events past their retention", async () => {
    const userId = await createUser(db);
    // Each list: the rows to purge first, then the rows to keep.
    const sessionIds = await addSessions(userId, [T - 1, T + MINUTE]);
    const tokenIds = await addTokens(userId, [
      { expiresAt: T - 1, used: true },
      { expiresAt: T - MINUTE },
      { expiresAt: T + MINUTE },
    ]);
    const attemptIds = await addAttempts([
      T - HOUSEKEEPING.keepSignInAttemptsMs - 1,
      T - HOUSEKEEPING.keepSignInAttemptsMs + MINUTE,
    ]);
    const eventIds = await addRateEvents([
      T - HOUSEKEEPING.keepRateEventsMs - 1,
      T - HOUSEKEEPING.keepRateEventsMs + MINUTE,
    ]);

    expect(await purgeExpired(db, T)).toEqual({ sessions: 1, authTokens: 2, signInAttempts: 1, rateEvents: 1 });

    const purged = {
      sessions: sessionIds.slice(0, 1),
      tokens: tokenIds.slice(0, 2),
      attempts: attemptIds.slice(0, 1),
      events: eventIds.slice(0, 1),
    };
    const kept = {
      sessions: sessionIds.slice(1),
      tokens: tokenIds.slice(2),
      attempts: attemptIds.slice(1),
      events: eventIds.slice(1),
    };
    expect(await remaining(purged)).toEqual({ sessions: 0, tokens: 0, attempts: 0, events: 0 });
    expect(await remaining(kept)).toEqual({ sessions: 1, tokens: 1, attempts: 1, events: 1 });
    expect(await purgeExpired(db, T)).toEqual({ sessions: 0, authTokens: 0, signInAttempts: 0, rateEvents: 0 });
  });

  it("deletes at most rowsPerStatement x maxBatchesPerRun rows per table and run; the rest on later runs", async () => {
    const userId = await createUser(db);
    const expired = Array.from({ length: 5 }, (_, i) => T - (i + 1) * MINUTE);
    const old = expired.map((at) => at - HOUSEKEEPING.keepSignInAttemptsMs - HOUSEKEEPING.keepRateEventsMs);
    const rows = {
      sessions: await addSessions(userId, expired),
      tokens: await addTokens(
        userId,
        expired.map((expiresAt) => ({ expiresAt })),
      ),
      attempts: await addAttempts(old),
      events: await addRateEvents(old),
    };
    const limits = { ...HOUSEKEEPING, rowsPerStatement: 2, maxBatchesPerRun: 2 };
    const batch = vi.spyOn(db, "batch");

    expect(await purgeExpired(db, T, limits)).toEqual({ sessions: 4, authTokens: 4, signInAttempts: 4, rateEvents: 4 });
    expect(batch).toHaveBeenCalledTimes(2);
    expect(await remaining(rows)).toEqual({ sessions: 1, tokens: 1, attempts: 1, events: 1 });

    expect(await purgeExpired(db, T, limits)).toEqual({ sessions: 1, authTokens: 1, signInAttempts: 1, rateEvents: 1 });
    expect(await remaining(rows)).toEqual({ sessions: 0, tokens: 0, attempts: 0, events: 0 });
  });

  it("runs on the scan-jobs cron and logs one line with the counts", async () => {
    const userId = await createUser(db);
    const now = Date.now();
    const [expired = "", live = ""] = await addSessions(userId, [now - MINUTE, now + 60 * MINUTE]);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const lines = log.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("housekeeping"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[scan-jobs\] housekeeping purged [1-9]\d* expired sessions, \d+ expired auth tokens, \d+ sign-in attempts, \d+ rate events$/,
    );
    expect(await remaining({ sessions: [expired] })).toEqual({ sessions: 0, tokens: 0, attempts: 0, events: 0 });
    expect(await remaining({ sessions: [live] })).toEqual({ sessions: 1, tokens: 0, attempts: 0, events: 0 });
  });
});
