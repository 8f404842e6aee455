import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

type D1Database = Parameters<typeof drizzle>[0];
export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

// Building a client walks the whole schema (~0.1 ms); a binding keeps its client for the isolate's life.
const clients = new WeakMap<D1Database, Db>();

/** The one way to reach D1: a drizzle client over the binding, handed to each request by its worker entry. */
export function getDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    clients.set(d1, db);
  }
  return db;
}
