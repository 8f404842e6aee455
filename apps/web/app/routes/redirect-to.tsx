import { redirect } from "react-router";
import type { Route } from "./+types/redirect-to";

/** The spec's variant pages lead to the one canonical page for their job (docs/product.md, "Old addresses"). */
const CANONICAL: Record<string, string> = {
  "/dashboard-old": "/dashboard",
  "/luxury-dashboard": "/dashboard",
  "/enhanced-profile-setup": "/profile-setup",
  "/enhanced-registration": "/garment-registration",
};

/** Longest query string carried to the canonical page (longer ones are dropped). */
const MAX_CARRIED_QUERY = 2048;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = CANONICAL[url.pathname.replace(/\/$/, "")] ?? "/";
  // The query rides along, within reason: a Location of many kilobytes is no redirect at all.
  const search = url.search.length <= MAX_CARRIED_QUERY ? url.search : "";
  return redirect(`${target}${search}`, 301);
}
