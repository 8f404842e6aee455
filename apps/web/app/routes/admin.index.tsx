import { redirect } from "react-router";
import { requireAdmin } from "../features/accounts/user.server";
import type { Route } from "./+types/admin.index";

/** `/admin` alone opens the NFC dashboard; the gate answers first (login for visitors, 403 for clients). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  throw redirect("/admin/nfc-dashboard");
}

export default function AdminIndex() {
  return null;
}
