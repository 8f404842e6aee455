import { LOCALE_PARAM, LOCALES, type Locale } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import "@releve/i18n/client";
import { m } from "@releve/i18n/messages";
import type { Route } from "./+types/root";
import "./app.css";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/toaster";
import { getUser } from "./context";
import { viewerOf } from "./features/accounts/session.server";
import { sessionMiddleware } from "./features/accounts/user.server";
import {
  hasAlternates,
  hasOwnSignOut,
  hidesStaffLink,
  isPlainRoute,
  PLAIN_PAGE_SCRIPT,
  routeScripts,
  useServerDocument,
} from "./lib/document";
import { isEnglishOnlyPath } from "./lib/page-locale";
import type { Toast } from "./lib/toast";
import { getToast } from "./lib/toast.server";
import type { Viewer } from "./lib/viewer";
import { requestContext } from "./request-context.server";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = requestContext(request, context);
  const { toast, headers } = await getToast(request, env);
  // The page's language (issue #34): the language cookie, else Accept-Language, else English.
  // The language the worker entry chose for this request (workers/app.ts, pageLocale).
  const locale: Locale = currentLocale();
  const englishOnly = isEnglishOnlyPath(new URL(request.url).pathname);
  const origin = new URL(request.url).origin;
  return data({ toast, viewer: viewerOf(getUser(context)), locale, origin, englishOnly }, { headers });
}

export const meta: Route.MetaFunction = () => [
  { title: "Relevé" },
  { name: "description", content: m.root_meta_description() },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const viewer: Viewer = root?.viewer ?? { kind: "visitor" };

  const navigation = useNavigation();
  const here = useLocation();
  // A plain route rendered as a document: HTML and inline CSS only (decision 0020).
  const serverDocument = useServerDocument();
  const matches = useMatches();
  const plain = matches.some((match) => isPlainRoute(match.handle)) ? serverDocument : null;
  const loadingPath = navigation.state === "loading" ? navigation.location.pathname : null;
  // What a slow page says while its loader runs (spec part 1 §2 admin access, §4 dashboard).
  const pending = loadingPath?.startsWith("/admin/")
    ? m.nav_verifying_admin()
    : loadingPath === "/dashboard" && here.pathname !== "/dashboard" // not its own reload after a change
      ? m.nav_loading_dashboard()
      : null;
  const locale = root?.locale ?? "en";

  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf7f2" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {root && hasAlternates(matches) && <Alternates origin={root.origin} path={here.pathname} />}
        {plain ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet
          <style nonce={plain.nonce} dangerouslySetInnerHTML={{ __html: plain.inlineCss }} />
        ) : (
          <Links />
        )}
      </head>
      <body className="flex min-h-dvh flex-col">
        {/* Focused, the link takes its own line above the header: laid over the header it
            would cover the header's links (axe's target-size). */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:block focus:min-h-11 focus:bg-ink focus:px-4 focus:py-3 focus:text-ivory"
        >
          {m.site_skip_to_content()}
        </a>
        <SiteHeader viewer={viewer} locale={locale} switcher={!root?.englishOnly} signOut={!hasOwnSignOut(matches)} />
        <main id="main" className="relative flex-1">
          {pending && (
            <div role="status" className="absolute inset-0 z-10 flex items-start justify-center bg-ivory/90 pt-24">
              <p className="flex items-center gap-3 text-stone">
                <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-ink/15 border-t-gold" />
                {pending}
              </p>
            </div>
          )}
          {plain && root?.toast && <PlainToast toast={root.toast} />}
          {children}
        </main>
        <SiteFooter
          viewer={viewer}
          locale={locale}
          switcher={!root?.englishOnly}
          staffLink={!hidesStaffLink(matches)}
        />
        {plain ? (
          <script
            nonce={plain.nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed string of ours
            dangerouslySetInnerHTML={{ __html: [PLAIN_PAGE_SCRIPT, ...routeScripts(matches)].join(";\n") }}
          />
        ) : (
          <>
            <Toaster toast={root?.toast ?? null} />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/** The page in each of our languages (`?lang=`), and the bare address for everyone else. */
function Alternates({ origin, path }: { origin: string; path: string }) {
  const href = `${origin}${path}`;
  return (
    <>
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={`${href}?${LOCALE_PARAM}=${l}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href} />
    </>
  );
}

/**
 * A flash toast on a plain page, which runs no toaster (decision 0020): a static line at the top
 * of the page, in the flow so it covers nothing, with the title and description the toaster
 * would show (decision 0049).
 */
function PlainToast({ toast }: { toast: Toast }) {
  return (
    <div role={toast.type === "error" ? "alert" : "status"} className={toast.type === "error" ? "bg-danger" : "bg-ink"}>
      <p className="mx-auto max-w-6xl px-5 py-3 text-sm text-ivory">
        <strong className="block font-semibold">{toast.title}</strong>
        {toast.description && <span className="block">{toast.description}</span>}
      </p>
    </div>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
