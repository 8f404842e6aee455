declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    SESSION_SECRET: string;
    CHIP_SECRET: string;
    SUN_KEYS: string;
  }
}
