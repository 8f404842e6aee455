import { federation } from "@module-federation/vite";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The admin portal as a Module Federation remote (decision 0021). `base` must equal the path
// the shell serves the built remote under; React is shared with the shell as a singleton.
export default defineConfig({
  base: "/admin-remote/",
  plugins: [
    react(),
    tailwindcss(),
    federation({
      name: "admin",
      filename: "remoteEntry.js",
      dts: false,
      exposes: { "./AdminApp": "./src/AdminApp.tsx" },
      shared: { react: { singleton: true }, "react-dom": { singleton: true } },
    }),
  ],
  build: { target: "esnext" },
  // Standalone development: the API of a running shell (`npm run dev`, :5173) on this origin.
  server: { proxy: { "/api": "http://localhost:5173", "/logout": "http://localhost:5173" } },
});
