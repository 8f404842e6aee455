import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { AccessDenied } from "../components/access-denied";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { requireAdmin } from "../lib/user.server";
import type { Route } from "./+types/admin";

export const meta = () => [{ name: "robots", content: "noindex" }];

/** The server-side gate of every /admin/* page: visitors to /admin/login, non-admins 403. */
export function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  return { email: admin.email, role: admin.adminRole };
}

export default function AdminLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  return <GeneralErrorBoundary />;
}
