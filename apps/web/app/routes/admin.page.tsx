import { ADMIN_PAGE_TITLES, type AdminAppProps, isAdminPage } from "@releve/core/platform/admin-portal";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { redirect, useNavigate, useRouteLoaderData } from "react-router";
import { toast } from "sonner";
import { GeneralErrorBoundary } from "../components/error-boundary";
import type { RouteHandle } from "../lib/document";
import type { Route } from "./+types/admin.page";
import type { loader as adminLoader } from "./admin";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Relevé admin` : "Relevé admin" },
];

// The portal's header has its own 'Sign Out' (spec part 2): the site header offers no second one.
export const handle: RouteHandle = { ownSignOut: true };

/** `/admin/<page>`: the parent route has already checked admin rights on the server. */
export function loader({ params }: Route.LoaderArgs) {
  const page = params["*"];
  // The header's 'Admin Dashboard' button (spec part 1 §2) opens the NFC dashboard.
  if (page === "dashboard") throw redirect("/admin/nfc-dashboard");
  if (!isAdminPage(page)) throw new Response("Not Found", { status: 404 });
  return { page, title: ADMIN_PAGE_TITLES[page] };
}

// Fetched and run in the browser only, after hydration (decision 0021).
const AdminApp = lazy(() =>
  import("../admin/remote.client").then(async (module) => ({ default: await module.loadAdminApp() })),
);

const subscribe = () => () => {};

// The remote's notices go to the shell's one toaster (root.tsx), the same as the shell's own.
const notify: AdminAppProps["notify"] = ({ type, title, description }) => toast[type](title, { description });

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const admin = useRouteLoaderData<typeof adminLoader>("routes/admin");
  const navigate = useNavigate();
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const props: AdminAppProps = {
    page: loaderData.page,
    admin: { email: admin?.email ?? "", role: admin?.role ?? "admin" },
    navigate: (to) => navigate(to),
    notify,
  };
  const loading = (
    <p role="status" className="mx-auto max-w-6xl px-5 py-16 text-stone">
      Loading the admin portal...
    </p>
  );
  return hydrated ? <Suspense fallback={loading}>{<AdminApp {...props} />}</Suspense> : loading;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
