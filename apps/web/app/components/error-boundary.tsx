import { buttonClass } from "@releve/ui";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NotFound } from "./not-found";

/** A route's own 404: what was not found, why, and the way back. */
export type NotFoundCopy = { title: string; text: string; to: string; label: string };

/**
 * The one error screen every route exports (STYLE.md): 404s look like 404s (or say what was
 * not found, with `notFound`), the rest stay calm.
 */
export function GeneralErrorBoundary({ notFound }: { notFound?: NotFoundCopy }) {
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
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500
      ? error.data
      : "Something went wrong on our side. Please try again in a moment.";
  if (!isRouteErrorResponse(error)) console.error(error);

  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-5 py-24 text-center">
      <p className="font-display text-6xl text-gold">{status}</p>
      <h1 className="mt-6 font-display text-3xl">We could not show this page</h1>
      <p className="mt-3 text-stone">{message}</p>
      <Link to="/" className={buttonClass("primary", "mt-10")}>
        Return to Home
      </Link>
    </section>
  );
}
