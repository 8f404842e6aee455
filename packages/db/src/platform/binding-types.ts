/**
 * The slices of Cloudflare's D1 and KV bindings these query modules use. This package is
 * typechecked without the Workers runtime types (it also runs in Node scripts), and the real
 * `D1Database` / `KVNamespace` satisfy these shapes.
 */
interface D1StatementLike {
  bind(...values: unknown[]): D1StatementLike;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
  run(): Promise<{ meta: { changes?: number } }>;
}

export interface D1Like {
  prepare(query: string): D1StatementLike;
  batch(statements: D1StatementLike[]): Promise<{ meta: { changes?: number } }[]>;
}

export interface KvLike {
  get(key: string, type: "json"): Promise<unknown>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
}
