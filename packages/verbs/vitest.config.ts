import { tapWorker, workersProject } from "../../tests/workers/config.ts";

// Each verb's tests beside it (src/**/*.test.ts), in workerd with the real bindings and the
// real tap worker behind TAP_CONTROL.
export default workersProject("verbs", {
  configPath: "./wrangler.jsonc",
  include: ["src/**/*.test.ts"],
  auxiliaryWorkers: [tapWorker],
});
