import { m } from "@releve/i18n/messages";
import { GeneralErrorBoundary } from "../components/error-boundary";

export const meta = () => [{ title: m.ui_page_not_found_meta() }];

export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
