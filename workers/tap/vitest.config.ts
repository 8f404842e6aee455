import { workersProject } from "../../tests/workers/config.ts";

// SHELL (service "releve-web") reaches a test double of the shell: the real one is React
// Router's server build, which exists only inside Vite (decision 0029).
export default workersProject("tap", {
  configPath: "./wrangler.jsonc",
  auxiliaryWorkers: [{ name: "releve-web", entry: "workers/tap/test/shell-double.ts" }],
  setupFiles: ["./test/fresh-memo.ts"],
});
