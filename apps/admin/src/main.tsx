import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import AdminApp from "./AdminApp";

// Standalone development (`npm run dev -w @releve/admin`): the remote alone on :5174, talking to
// the local API through Vite's proxy. Sign in as admin on the shell first (same cookie host).
// Notices go to the console: the toaster is the shell's.
const root = document.getElementById("root");
if (root) {
  const page = location.pathname.endsWith("/instagram") ? "instagram" : "nfc-dashboard";
  createRoot(root).render(
    <StrictMode>
      <AdminApp
        page={page}
        admin={{ email: "(standalone)", role: "admin" }}
        navigate={(to) => location.assign(to)}
        notify={(notice) => console.info(`[${notice.type}] ${notice.title}`, notice.description ?? "")}
      />
    </StrictMode>,
  );
}
