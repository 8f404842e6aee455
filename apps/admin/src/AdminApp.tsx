import { ADMIN_PAGE_TITLES, ADMIN_PAGES, type AdminAppProps, type AdminPage } from "@releve/core/platform/admin-portal";
import { Button } from "@releve/ui";
import { QueryClientProvider } from "@tanstack/react-query";
import "./admin.css";
import { type MouseEvent, type ReactNode, useState } from "react";
import { NotifyContext } from "./notify";
import { ProductsPage } from "./passport/products-page";
import { LinkTester } from "./qa/link-tester";
import { QaPanelPage } from "./qa/qa-tab";
import { createQueryClient } from "./queries";
import { InstagramAdmin } from "./site/instagram";
import { NfcDashboard } from "./tags/nfc-dashboard";
import { NfcProgrammer } from "./tags/programmer/page";
import { TagRegistry } from "./tags/registry";

const PAGES: Record<AdminPage, () => ReactNode> = {
  "nfc-dashboard": () => <NfcDashboard />,
  "nfc-programmer": () => <NfcProgrammer />,
  nfc: () => <TagRegistry />,
  products: () => <ProductsPage />,
  instagram: () => <InstagramAdmin />,
  qa: () => <QaPanelPage />,
  "tools/link-tester": () => <LinkTester />,
};

/** The admin portal, loaded by the shell in the browser only (decision 0021). */
export default function AdminApp({ page, admin, navigate, notify }: AdminAppProps) {
  const [queryClient] = useState(createQueryClient);
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <QueryClientProvider client={queryClient}>
      <NotifyContext value={notify}>
        {/* The scope of the portal's utilities (admin.css): nothing of its CSS reaches the shell. */}
        <div data-admin-root>
          <div className="mx-auto w-full max-w-6xl px-5 py-8">
            <header className="flex flex-wrap items-center justify-between gap-4 border-b border-ink/10 pb-5">
              <div className="min-w-0">
                <p className="text-xs uppercase tracking-[0.3em] text-gold">Relevé admin</p>
                <h1 className="font-display text-3xl">{ADMIN_PAGE_TITLES[page]}</h1>
              </div>
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <a href="/" onClick={go("/")} className="underline underline-offset-4">
                  Back to Home
                </a>
                <span className="min-w-0 truncate text-stone">{admin.email}</span>
                <span className="border border-gold/50 px-2 py-0.5 text-xs tracking-[0.16em] text-gold">
                  {admin.role.toUpperCase()}
                </span>
                <form method="post" action="/logout">
                  <input type="hidden" name="from" value="admin" />
                  <Button type="submit" variant="secondary" size="sm">
                    Sign Out
                  </Button>
                </form>
              </div>
              <nav
                aria-label="Admin"
                className="flex w-full flex-wrap gap-x-4 gap-y-2 text-xs uppercase tracking-[0.16em]"
              >
                {ADMIN_PAGES.map((key) => (
                  <a
                    key={key}
                    href={`/admin/${key}`}
                    onClick={go(`/admin/${key}`)}
                    aria-current={key === page ? "page" : undefined}
                    className={key === page ? "underline underline-offset-8" : "text-stone"}
                  >
                    {ADMIN_PAGE_TITLES[key]}
                  </a>
                ))}
              </nav>
            </header>
            {PAGES[page]()}
          </div>
        </div>
      </NotifyContext>
    </QueryClientProvider>
  );
}
