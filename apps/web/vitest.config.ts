import { tapWorker, testEntryName, workersProject } from "../../tests/workers/config.ts";

// The shell runs with the real tap worker beside it, so /t/* crosses a real service binding,
// and the tap's SHELL binding reaches this shell back for a visitor's page (decision 0029).
export default workersProject("web", {
  configPath: "./wrangler.jsonc",
  main: "./test/shell-worker.ts",
  auxiliaryWorkers: [{ ...tapWorker, serviceBindings: { SHELL: testEntryName("web") } }],
});
