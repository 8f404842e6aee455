import { getLocale } from "@releve/i18n/runtime";
import { withLocale } from "@releve/i18n/server";
import { createContext, useContext } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../lib/viewer";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

const ViewerContext = createContext<Viewer>({ kind: "visitor" });
const SignOutContext = createContext(true);
const HeaderRoute = () => (
  <SiteHeader viewer={useContext(ViewerContext)} locale={getLocale()} signOut={useContext(SignOutContext)} />
);
const FooterRoute = () => <SiteFooter viewer={useContext(ViewerContext)} locale={getLocale()} />;
const Stub = createRoutesStub([
  { path: "/", Component: HeaderRoute },
  { path: "/footer", Component: FooterRoute },
]);

function render(viewer: Viewer, signOut = true, path = "/"): string {
  return renderToString(
    <ViewerContext.Provider value={viewer}>
      <SignOutContext.Provider value={signOut}>
        <Stub initialEntries={[path]} />
      </SignOutContext.Provider>
    </ViewerContext.Provider>,
  );
}

const links = (html: string) => [...html.matchAll(/href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => `${m[2]} -> ${m[1]}`);

describe("SiteHeader is role-aware (spec part 1 §2, Landing)", () => {
  it("offers a visitor Client Login and no Logout", () => {
    const html = render({ kind: "visitor" });
    expect(links(html)).toEqual([
      "RELEVÉ -> /",
      "Collection -> /learn-more",
      "Editorial -> /blog",
      "Client Login -> /auth",
    ]);
    expect(html).not.toContain("Logout");
  });

  it("offers a client Dashboard and Logout, not the admin links", () => {
    const html = render({ kind: "client", userId: "u1", email: "c@x.test" });
    expect(links(html)).toContain("Dashboard -> /dashboard");
    expect(html).toContain("Logout");
    expect(html).not.toContain("Test URLs");
    expect(html).not.toContain("Admin Dashboard");
    expect(html).not.toContain("Client Login");
  });

  it("offers an admin Admin Dashboard, Test URLs and Logout", () => {
    const html = render({ kind: "admin", userId: "u2", email: "a@x.test" });
    expect(links(html)).toContain("Admin Dashboard -> /admin/dashboard");
    expect(links(html)).toContain("Test URLs -> /test-urls");
    expect(links(html)).not.toContain("Dashboard -> /dashboard");
    expect(html).toContain("Logout");
  });

  it("offers no second Logout where the page signs out on its own (the admin portal)", () => {
    const html = render({ kind: "admin", userId: "u2", email: "a@x.test" }, false);
    expect(html).not.toContain("Logout");
    expect(links(html)).toContain("Admin Dashboard -> /admin/dashboard");
  });
});

describe("SiteFooter (issue #35)", () => {
  it("offers 'Admin Login' to a signed-out visitor only", () => {
    expect(links(render({ kind: "visitor" }, true, "/footer"))).toContain("Admin Login -> /admin/login");
    expect(render({ kind: "client", userId: "u1", email: "c@x.test" }, true, "/footer")).not.toContain("Admin Login");
    expect(render({ kind: "admin", userId: "u2", email: "a@x.test" }, true, "/footer")).not.toContain("Admin Login");
  });
});

/** The opening tag of the language button for `locale` (attributes in any order), or undefined. */
const languageButton = (html: string, locale: string) =>
  [...html.matchAll(/<button [^>]*>[^<]*<\/button>/g)]
    .map((match) => match[0])
    .find(
      (tag) => tag.includes(`value="${locale}"`) && tag.includes('name="locale"') && tag.includes(`lang="${locale}"`),
    );

describe("the language switcher, in the header and the footer (issue #34)", () => {
  it("in English, the header offers Français, posting to /language with the way back", () => {
    const html = render({ kind: "visitor" }, true, "/?from=blog");
    expect(html).toMatch(/<form [^>]*action="\/language" method="post">/);
    expect(html).toContain('<input type="hidden" name="back" value="/?from=blog"/>');
    expect(languageButton(html, "fr")).toMatch(/>Français<\/button>$/);
    expect(languageButton(html, "en")).toBeUndefined();
  });

  it("in French, the header and footer speak French and offer English", () => {
    const header = withLocale("fr", () => render({ kind: "client", userId: "u1", email: "a@b.c" }));
    expect(links(header)).toEqual([
      "RELEVÉ -> /",
      "Collection -> /learn-more",
      "Éditorial -> /blog",
      "Tableau de bord -> /dashboard",
    ]);
    expect(header).toContain("Déconnexion");
    expect(languageButton(header, "en")).toMatch(/>English<\/button>$/);
    const footer = withLocale("fr", () => render({ kind: "visitor" }, true, "/footer"));
    expect(footer).toContain("© 2024 Relevé. Tous droits réservés.");
    expect(footer).toContain("Accès administration");
    // The footer names every language; the page's own is marked current, not a button.
    expect(footer).toMatch(/<span [^>]*aria-current="true"[^>]*>Français<\/span>/);
    expect(languageButton(footer, "en")).toMatch(/>English<\/button>$/);
    expect(languageButton(footer, "fr")).toBeUndefined();
  });
});
