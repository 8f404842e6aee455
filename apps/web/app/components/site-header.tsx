import { buttonClass } from "@releve/ui";
import { Form, Link, NavLink, useNavigation } from "react-router";
import type { Viewer } from "../lib/viewer";
import { SubmitButton } from "./submit-button";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `text-xs uppercase tracking-[0.2em] underline-offset-8 hover:underline ${isActive ? "underline" : ""}`;

/** `signOut`: false where the page signs out on its own (the admin portal), so there is one. */
export function SiteHeader({ viewer, signOut = true }: { viewer: Viewer; signOut?: boolean }) {
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === "/logout";

  return (
    <header className="border-b border-ink/10 bg-ivory/95">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-5 py-4">
        <Link to="/" className="font-display text-2xl tracking-[0.12em]" aria-label="Relevé, home">
          RELEVÉ
        </Link>
        <nav aria-label="Main" className="order-3 flex w-full items-center gap-6 sm:order-2 sm:w-auto">
          <NavLink to="/learn-more" className={navClass}>
            Collection
          </NavLink>
          <NavLink to="/blog" className={navClass}>
            Editorial
          </NavLink>
          {viewer.kind === "admin" && (
            <NavLink to="/test-urls" className={navClass}>
              Test URLs
            </NavLink>
          )}
        </nav>
        <div className="order-2 flex items-center gap-2 sm:order-3">
          {viewer.kind === "admin" && (
            <Link to="/admin/dashboard" className={buttonClass("primary")}>
              Admin Dashboard
            </Link>
          )}
          {viewer.kind === "client" && (
            <Link to="/dashboard" className={buttonClass("primary")}>
              Dashboard
            </Link>
          )}
          {viewer.kind === "visitor" ? (
            <Link to="/auth" className={buttonClass("primary")}>
              Client Login
            </Link>
          ) : (
            signOut && (
              <Form method="post" action="/logout">
                <SubmitButton variant="ghost" busy={loggingOut} busyLabel="Logging out...">
                  Logout
                </SubmitButton>
              </Form>
            )
          )}
        </div>
      </div>
    </header>
  );
}
