import { workersProject } from "../../tests/workers/config.ts";

export default workersProject("scan-jobs", { configPath: "./wrangler.jsonc" });
