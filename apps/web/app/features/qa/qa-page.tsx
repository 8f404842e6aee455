import { QA_MESSAGES } from "@releve/core/qa/tools";
import type { ReactNode } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { AccessDenied } from "../../components/access-denied";
import { BackLink } from "../../components/back-link";
import { GeneralErrorBoundary } from "../../components/error-boundary";

/** The frame of the shell's QA pages (/test-garment, /test-urls, /e2e-tests): back to the QA panel, the title, what it does. */
export function QaPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-3xl px-5 py-10 sm:py-16">
      <BackLink to="/admin/qa">QA Panel</BackLink>
      <p className="mt-6 text-xs uppercase tracking-[0.3em] text-gold">QA tools</p>
      <h1 className="mt-2 font-display text-4xl">{title}</h1>
      <p className="mt-2 max-w-xl text-stone">{intro}</p>
      {children}
    </section>
  );
}

/** The QA pages' 'Test slug' field: typed as a slug is, never corrected or capitalised by the phone. */
export const TEST_SLUG_FIELD = {
  label: "Test slug",
  name: "slug",
  autoComplete: "off",
  autoCapitalize: "none",
  spellCheck: false,
} as const;

/** Their error boundary: a client (403 from requireAdmin) sees 'Access Denied / Admin privileges required'. */
export function QaErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied detail={QA_MESSAGES.adminRequired} />;
  return <GeneralErrorBoundary />;
}
