import type { Locale } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Form, Link, NavLink, useNavigation } from "react-router";
import type { Viewer } from "../lib/viewer";
import { LanguageSwitcher } from "./language-switcher";
import { SubmitButton } from "./submit-button";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `text-xs uppercase tracking-[0.2em] underline-offset-8 hover:underline ${isActive ? "underline" : ""}`;

/** `signOut`: false where the page signs out on its own (the admin portal), so there is one. */
export function SiteHeader({ viewer, locale, signOut = true }: { viewer: Viewer; locale: Locale; signOut?: boolean }) {
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === "/logout";

  return (
    <header className="border-b border-ink/10 bg-ivory/95">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-5 py-4">
        <Link to="/" className="font-display text-2xl tracking-[0.12em]" aria-label={m.site_home_label()}>
          RELEVÉ
        </Link>
        <nav aria-label={m.nav_main()} className="order-3 flex w-full items-center gap-6 sm:order-2 sm:w-auto">
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
        <div className="order-2 flex items-center gap-2 sm:order-3">
          <LanguageSwitcher locale={locale} variant="header" />
          {viewer.kind === "admin" && (
            <Link to="/admin/dashboard" className={buttonClass("primary")}>
              {m.nav_admin_dashboard()}
            </Link>
          )}
          {viewer.kind === "client" && (
            <Link to="/dashboard" className={buttonClass("primary")}>
              {m.nav_dashboard()}
            </Link>
          )}
          {viewer.kind === "visitor" ? (
            <Link to="/auth" className={buttonClass("primary")}>
              {m.nav_client_login()}
            </Link>
          ) : (
            signOut && (
              <Form method="post" action="/logout">
                <SubmitButton variant="ghost" busy={loggingOut} busyLabel={m.nav_logging_out()}>
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
