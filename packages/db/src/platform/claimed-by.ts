import { and, eq, type SQL, sql } from "drizzle-orm";
import { garments } from "../schema";

/**
 * The garments `userId` has claimed, read through the owner's index. Raw sql: the unary `+`
 * keeps SQLite off garments_status_created_at_idx, which it would otherwise pick for
 * `status = 'claimed'` (D1 keeps no statistics) and read half the house (issue #30).
 */
export const claimedBy = (userId: string): SQL | undefined =>
  and(eq(garments.owner_user_id, userId), sql`+${garments.status} = 'claimed'`);
