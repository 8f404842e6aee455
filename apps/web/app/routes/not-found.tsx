import { GeneralErrorBoundary } from "../components/error-boundary";

export const meta = () => [{ title: "Page not found · Relevé" }];

export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
