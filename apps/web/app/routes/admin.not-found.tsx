import { GeneralErrorBoundary } from "../components/error-boundary";

// Admin screens arrive with the admin portal issue; until then every /admin/* page an
// admin opens is the product's 404, behind the same gate.
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
