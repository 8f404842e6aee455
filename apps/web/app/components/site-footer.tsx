import { Link } from "react-router";
import type { Viewer } from "../lib/viewer";

/** The footer; 'Admin Login' only for a signed-out visitor (a signed-in one has their way in). */
export function SiteFooter({ viewer }: { viewer: Viewer }) {
  return (
    <footer className="mt-auto border-t border-ink/10 bg-sand">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-5 py-8 text-sm text-stone sm:flex-row sm:items-center sm:justify-between">
        <p className="font-display text-lg tracking-[0.12em] text-ink">RELEVÉ</p>
        <p>© 2024 Relevé. All rights reserved.</p>
        {viewer.kind === "visitor" && (
          <Link to="/admin/login" className="underline-offset-4 hover:underline">
            Admin Login
          </Link>
        )}
      </div>
    </footer>
  );
}
