import type { AdminAppProps } from "@releve/core/admin-portal";
import "./admin.css";
import { NfcDashboard } from "./nfc-dashboard";

/** The admin portal, loaded by the shell in the browser only (decision 0021). */
export default function AdminApp({ page, admin, navigate }: AdminAppProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-5 py-8">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-ink/10 pb-5">
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-[0.3em] text-gold">Relevé admin</p>
          <h1 className="font-display text-3xl">NFC Dashboard</h1>
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <a
            href="/"
            onClick={(event) => {
              event.preventDefault();
              navigate("/");
            }}
            className="underline underline-offset-4"
          >
            Back to Home
          </a>
          <span className="min-w-0 truncate text-stone">{admin.email}</span>
          <span className="border border-gold/50 px-2 py-0.5 text-xs tracking-[0.16em] text-gold">
            {admin.role.toUpperCase()}
          </span>
          <form method="post" action="/logout">
            <button type="submit" className="border border-ink px-3 py-1.5 text-xs uppercase tracking-[0.16em]">
              Sign Out
            </button>
          </form>
        </div>
      </header>
      {page === "nfc-dashboard" && <NfcDashboard />}
    </div>
  );
}
