/**
 * What the ownership verbs' tests read after a change: where the next tap goes, a transfer's row,
 * a garment's ownership periods; and a client's effects on a clock of the test's choosing.
 */
import { env } from "cloudflare:workers";
import { decideTap } from "@releve/core/tap/rules";
import type { Db } from "@releve/db";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import type { Effects } from "../effects";
import { testEffects } from "./effects";

/** Effects acting as client `userId`, their clock at `at` (ms) when given. */
export function clientEffects(db: Db, userId: string, at?: number): Effects {
  const effects = testEffects(db, { kind: "client", id: userId });
  return at === undefined ? effects : Object.create(effects, { now: { value: () => new Date(at) } });
}

/** Where the next tap by `viewer` goes, from the record the tap reads. */
export async function tapFor(slug: string, viewer: string | null) {
  const route = await readCachedTapRoute(env.TAP_KV, slug);
  const decision = decideTap(route ?? null, viewer);
  return decision.status === 302 ? decision.location : decision.outcome;
}

// Raw SQL: test reads of the rows the triggers and commands wrote, no query of packages/db says them.
export const transferRow = async (id: number) =>
  env.DB.prepare("select status, end_reason, to_user_id from ownership_transfers where id = ?")
    .bind(id)
    .first<{ status: string; end_reason: string | null; to_user_id: string | null }>();

export const periods = async (garmentId: number) =>
  (
    await env.DB.prepare(
      "select owner_user_id, started_how, ended_how from ownership_periods where garment_id = ? order by id",
    )
      .bind(garmentId)
      .all<{ owner_user_id: string | null; started_how: string; ended_how: string | null }>()
  ).results;
