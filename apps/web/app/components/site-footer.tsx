import type { Locale } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { Link } from "react-router";
import type { Viewer } from "../lib/viewer";
import { LanguageSwitcher } from "./language-switcher";

/**
 * The footer; 'Admin Login' only for a signed-out visitor (a signed-in one has their way in), and
 * only on the site's own pages (`staffLink`: not on the card or the passport a garment opens,
 * issue #49). `switcher`: false on the staff's English-only pages.
 */
export function SiteFooter({
  viewer,
  locale,
  switcher = true,
  staffLink = true,
}: {
  viewer: Viewer;
  locale: Locale;
  switcher?: boolean;
  staffLink?: boolean;
}) {
  return (
    <footer className="mt-auto border-t border-ink/10 bg-sand">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-5 py-8 text-sm text-stone sm:flex-row sm:items-center sm:justify-between">
        <p className="font-display text-lg tracking-[0.12em] text-ink">RELEVÉ</p>
        <p>{m.footer_rights()}</p>
        {switcher && <LanguageSwitcher locale={locale} variant="footer" />}
        {staffLink && viewer.kind === "visitor" && (
          <Link to="/admin/login" className="underline-offset-4 hover:underline">
            {m.footer_admin_login()}
          </Link>
        )}
      </div>
    </footer>
  );
}
