import type { Locale } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Form, Link, NavLink, useNavigation } from "react-router";
import type { Viewer } from "../lib/viewer";
import { LanguageSwitcher } from "./language-switcher";
import { SubmitButton } from "./submit-button";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `text-xs uppercase tracking-[0.2em] underline-offset-8 hover:underline ${isActive ? "underline" : ""}`;

/**
 * `signOut`: false where the page signs out on its own (the admin portal), so there is one.
 * `switcher`: false on the staff's English-only pages: no language to switch to there.
 */
export function SiteHeader({
  viewer,
  locale,
  signOut = true,
  switcher = true,
}: {
  viewer: Viewer;
  locale: Locale;
  signOut?: boolean;
  switcher?: boolean;
}) {
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === "/logout";

  return (
    <header className="border-b border-ink/10 bg-ivory/95">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-5 py-4">
        <Link to="/" className="font-display text-2xl tracking-[0.12em]" aria-label={m.site_home_label()}>
          RELEVÉ
        </Link>
        {/* On a phone, its own row under the logo: the pages, then the language (French runs longer). */}
        <div className="order-3 flex w-full items-center justify-between gap-6 sm:order-2 sm:w-auto">
          <nav aria-label={m.nav_main()} className="flex items-center gap-6">
            <NavLink to="/learn-more" className={navClass}>
              {m.nav_collection()}
            </NavLink>
            <NavLink to="/blog" className={navClass}>
              {m.nav_editorial()}
            </NavLink>
            {viewer.kind === "admin" && (
              <NavLink to="/test-urls" className={navClass}>
                {m.nav_test_urls()}
              </NavLink>
            )}
          </nav>
          {switcher && <LanguageSwitcher locale={locale} variant="header" />}
        </div>
        <div className="order-2 flex items-center gap-2 sm:order-3">
          {viewer.kind === "admin" && (
            <Link to="/admin/dashboard" className={buttonClass("primary", "whitespace-nowrap")}>
              {m.nav_admin_dashboard()}
            </Link>
          )}
          {viewer.kind === "client" && (
            <Link to="/dashboard" className={buttonClass("primary", "whitespace-nowrap")}>
              {m.nav_dashboard()}
            </Link>
          )}
          {viewer.kind === "visitor" ? (
            <Link to="/auth" className={buttonClass("primary", "whitespace-nowrap")}>
              {m.nav_client_login()}
            </Link>
          ) : (
            signOut && (
              <Form method="post" action="/logout">
                <SubmitButton
                  variant="ghost"
                  className="whitespace-nowrap"
                  busy={loggingOut}
                  busyLabel={m.nav_logging_out()}
                >
                  {m.nav_logout()}
                </SubmitButton>
              </Form>
            )
          )}
        </div>
      </div>
    </header>
  );
}
