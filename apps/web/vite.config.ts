import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { localCrons } from "../../scripts/local-crons.ts";

// RELEVE_STATE_DIR lets the end-to-end run keep its own local D1/KV/Queue state.
const persistPath = process.env.RELEVE_STATE_DIR;

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      auxiliaryWorkers: [
        { configPath: "../../workers/tap/wrangler.jsonc" },
        { configPath: "../../workers/scan-jobs/wrangler.jsonc" },
      ],
      ...(persistPath ? { persistState: { path: persistPath } } : {}),
    }),
    // Fires every Worker's crons under `npm start` and `npm run dev` (docs/decisions/0026).
    localCrons({ statePath: persistPath ?? ".wrangler/state" }),
    tailwindcss(),
    reactRouter(),
  ],
});
