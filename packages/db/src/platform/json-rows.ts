/**
 * Many rows in ONE bound parameter (a JSON array read through json_each), for writes of
 * hundreds of rows that must stay one statement each in one D1 batch. Raw sql: drizzle has no json_each.
 */
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../client";

/** `(SELECT value FROM json_each(?))`: a list of values for IN, in one bound parameter. */
export const jsonValues = (values: (string | number)[]) =>
  sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;

/** A field of the current json_each row, as SQL (`json_each.value ->> '<name>'`). */
export const jsonRowField = (name: string) => sql.raw(`json_each.value ->> '${name.replace(/'/g, "''")}'`);

/**
 * `INSERT INTO <table> SELECT … FROM json_each(?)`: every row in ONE bound parameter, so a
 * statement stays far inside D1's 100-parameter limit whatever the batch size, and 1,000 rows
 * cost one statement instead of a hundred (bench:batch). drizzle's insert().select() lists
 * every insertable column of the table in order: each takes the row's field of its name,
 * `computed[name]` (SQL over `json_each.value`, the row) or NULL. Raw sql: drizzle has no json_each.
 */
export function insertJsonRows<T extends SQLiteTable>(
  db: Db,
  table: T,
  rows: Record<string, unknown>[],
  computed: Record<string, SQL> = {},
) {
  const fields = new Set(Object.keys(rows[0] ?? {}));
  const values = Object.values(getTableColumns(table))
    // The same filter drizzle applies to its column list (generated columns take no value); internal in its types.
    .filter((column) => !(column as { shouldDisableInsert?: () => boolean }).shouldDisableInsert?.())
    .map((column) => {
      const name = column.name;
      if (name in computed) return computed[name] as SQL;
      return fields.has(name) ? sql`json_each.value ->> ${sql.raw(`'${name}'`)}` : sql`NULL`;
    });
  return db.insert(table).select(sql`SELECT ${sql.join(values, sql`, `)} FROM json_each(${JSON.stringify(rows)})`);
}
