import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export * from "./schema";

type D1Database = Parameters<typeof drizzle>[0];

export function getDb(d1: D1Database): DrizzleD1Database<typeof schema> & { $client: D1Database } {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof getDb>;
