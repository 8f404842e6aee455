import { workersProject } from "../../tests/workers/config.ts";

export default workersProject("tap", { configPath: "./wrangler.jsonc" });
