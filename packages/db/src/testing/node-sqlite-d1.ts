import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { fileURLToPath } from "node:url";

export const migrationsDir = fileURLToPath(new URL("../../../../migrations", import.meta.url));

// Cloudflare D1 rejects statements with more than 100 bound parameters.
const D1_MAX_BOUND_PARAMETERS = 100;

/** The migration files in order, each as its list of statements. */
export function migrationStatements(dir = migrationsDir): string[][] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) =>
      readFileSync(join(dir, file), "utf8")
        .split("--> statement-breakpoint")
        .map((statement) => statement.trim())
        .filter(Boolean),
    );
}

export function openMigratedDatabase(dir = migrationsDir): DatabaseSync {
  const db = new DatabaseSync(":memory:", { enableForeignKeyConstraints: true });
  for (const statements of migrationStatements(dir)) {
    for (const statement of statements) db.exec(statement);
  }
  return db;
}

const toSqlValue = (value: unknown): SQLInputValue => {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
};

class NodeD1Statement {
  constructor(
    private readonly db: DatabaseSync,
    private readonly query: string,
    private readonly params: SQLInputValue[] = [],
  ) {}

  bind(...params: unknown[]) {
    if (params.length > D1_MAX_BOUND_PARAMETERS) {
      throw new Error(`D1: too many SQL variables (${params.length})`);
    }
    return new NodeD1Statement(this.db, this.query, params.map(toSqlValue));
  }

  allSync() {
    const statement = this.db.prepare(this.query);
    // A write without RETURNING has no columns: run it, so its meta says how many rows changed (as D1's does).
    if (statement.columns().length === 0) {
      const result = statement.run(...this.params);
      return { results: [], success: true, meta: { changes: Number(result.changes) } };
    }
    return { results: statement.all(...this.params), success: true, meta: {} };
  }

  async all() {
    return this.allSync();
  }

  async raw() {
    const statement = this.db.prepare(this.query);
    statement.setReturnArrays(true);
    return statement.all(...this.params);
  }

  async run() {
    const result = this.db.prepare(this.query).run(...this.params);
    return {
      results: [],
      success: true,
      meta: { changes: Number(result.changes), last_row_id: Number(result.lastInsertRowid) },
    };
  }

  async first(column?: string) {
    const row = this.db.prepare(this.query).get(...this.params) as Record<string, unknown> | undefined;
    if (!row) return null;
    return column ? row[column] : row;
  }
}

/** A D1Database look-alike over node:sqlite, for unit tests that run in plain Node. */
export function createNodeD1(db: DatabaseSync) {
  return {
    prepare: (query: string) => new NodeD1Statement(db, query),
    async batch(statements: NodeD1Statement[]) {
      db.exec("BEGIN");
      try {
        const results = statements.map((statement) => statement.allSync());
        db.exec("COMMIT");
        return results;
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    async exec(query: string) {
      db.exec(query);
      return { count: 0, duration: 0 };
    },
  };
}
