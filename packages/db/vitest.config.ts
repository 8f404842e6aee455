import { workersProject } from "../../tests/workers/config.ts";

// The queries' and commands' tests that need D1 itself (its triggers, FTS5 indexes, batches):
// beside the code as src/**/*.workers.test.ts, in workerd with a fresh migrated D1 per file. The
// other *.test.ts of src run in Node, in the unit project.
export default workersProject("db", {
  configPath: "./wrangler.jsonc",
  include: ["src/**/*.workers.test.ts"],
});
