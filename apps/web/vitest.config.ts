import { tapWorker, workersProject } from "../../tests/workers/config.ts";

// The shell runs with the real tap worker beside it, so /t/* crosses a real service binding.
export default workersProject("web", {
  configPath: "./wrangler.jsonc",
  main: "./test/shell-worker.ts",
  auxiliaryWorkers: [tapWorker],
});
