import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NotFound } from "./not-found";

/** A route's own 404: what was not found, why, and the way back. */
export type NotFoundCopy = { title: string; text: string; to: string; label: string };

/** A route's own words for a failure on our side (a 5xx or a thrown error): what could not load. */
export type FailureCopy = { title: string; text: string; to?: string; label?: string };

/**
 * The one error screen every route exports, so every page fails alike: 404s look like 404s (or say what was
 * not found, with `notFound`), the rest stay calm (in the route's words, with `failure`).
 */
export function GeneralErrorBoundary({ notFound, failure }: { notFound?: NotFoundCopy; failure?: FailureCopy }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    if (!notFound) return <NotFound />;
    return (
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-5 py-24 text-center">
        <h1 className="font-display text-3xl">{notFound.title}</h1>
        <p className="mt-3 text-stone">{notFound.text}</p>
        <Link to={notFound.to} className={buttonClass("primary", "mt-8")}>
          {notFound.label}
        </Link>
      </section>
    );
  }

  const status = isRouteErrorResponse(error) ? error.status : 500;
  const ours = status >= 500 && failure;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500
      ? error.data
      : ours
        ? failure.text
        : m.ui_error_text();
  if (!isRouteErrorResponse(error)) console.error(error);

  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-5 py-24 text-center">
      <p className="font-display text-6xl text-gold">{status}</p>
      <h1 className="mt-6 font-display text-3xl">{ours ? failure.title : m.ui_error_title()}</h1>
      <p className="mt-3 text-stone">{message}</p>
      <Link to={(ours && failure.to) || "/"} className={buttonClass("primary", "mt-10")}>
        {(ours && failure.label) || m.ui_return_home()}
      </Link>
    </section>
  );
}
