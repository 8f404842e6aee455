import { contactsCsv, contactsCsvFileName } from "@releve/core/platform/csv";
import { parseId } from "@releve/core/platform/input-limits";
import { garmentLabels } from "@releve/core/wardrobe/garment";
import { loadGarmentContacts } from "@releve/db/wardrobe/queries";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/dashboard.garment.csv";

/** A resource route: the garment's contacts as CSV (spec part 2 §9 columns and file name). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = parseId(params.garmentId);
  const found = id ? await loadGarmentContacts(requestContext(request, context).db, id, user.userId) : null;
  if (!found) return new Response("Garment not found", { status: 404 });
  const csv = contactsCsv(found.contacts);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${contactsCsvFileName(garmentLabels(found.garment).name)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
