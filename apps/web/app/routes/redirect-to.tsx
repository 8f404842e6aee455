import { redirect } from "react-router";
import type { Route } from "./+types/redirect-to";

/** The spec's variant pages (DESIGN.md §4) lead to the one canonical page for their job. */
const CANONICAL: Record<string, string> = {
  "/dashboard-old": "/dashboard",
  "/luxury-dashboard": "/dashboard",
  "/enhanced-profile-setup": "/profile-setup",
  "/enhanced-registration": "/garment-registration",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = CANONICAL[url.pathname.replace(/\/$/, "")] ?? "/";
  return redirect(`${target}${url.search}`, 301);
}
