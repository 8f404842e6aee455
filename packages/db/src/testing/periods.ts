/** A garment's ownership periods as D1 keeps them (migration 0016), oldest first, for the tests that read them. */
import type { D1Like } from "../platform/binding-types";

export type PeriodRow = { owner_user_id: string | null; started_how: string; ended_how: string | null; open: number };

export const ownershipPeriodsOf = async (d1: D1Like, garmentId: number): Promise<PeriodRow[]> =>
  (
    await d1
      .prepare(
        "select owner_user_id, started_how, ended_how, ended_at is null as open from ownership_periods where garment_id = ? order by id",
      )
      .bind(garmentId)
      .all<PeriodRow>()
  ).results;
