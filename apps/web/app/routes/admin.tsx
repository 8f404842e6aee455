import { QA_MESSAGES } from "@releve/core/qa/tools";
import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from "react-router";
import { AccessDenied } from "../components/access-denied";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { requireAdmin } from "../features/accounts/user.server";
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

/** The QA panel and the link tester say the spec's words to a non-admin (part 2 §2, §6). */
const QA_PAGE = /^\/admin\/(qa|tools\/link-tester)\/?$/;

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return <AccessDenied detail={QA_PAGE.test(pathname) ? QA_MESSAGES.adminRequired : undefined} />;
  }
  return <GeneralErrorBoundary />;
}
