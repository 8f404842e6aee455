import { CONTACT_CSV_COLUMNS, contactCsvRecords, contactsCsvFileName, csvHead } from "@releve/core/platform/csv";
import { parseId } from "@releve/core/platform/input-limits";
import { streamExport } from "@releve/core/platform/stream-export";
import { garmentLabels } from "@releve/core/wardrobe/garment";
import { loadGarmentContacts } from "@releve/db/wardrobe/queries";
import { m } from "@releve/i18n/messages";
import { logExportError, streamedDownload } from "../../lib/export-response.server";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/dashboard.garment.csv";

/** A resource route: the garment's contacts as CSV (spec part 2 §9 columns and file name), streamed, every one. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = parseId(params.garmentId);
  const found = id ? await loadGarmentContacts(requestContext(request, context).db, id, user.userId) : null;
  if (!found) return new Response(m.wardrobe_garment_not_found(), { status: 404 });
  const body = streamExport({
    head: csvHead(CONTACT_CSV_COLUMNS),
    read: found.read,
    format: contactCsvRecords,
    onError: logExportError("garment contacts.csv"),
  });
  return streamedDownload(body, {
    type: "text/csv; charset=utf-8",
    filename: contactsCsvFileName(garmentLabels(found.garment).name),
  });
}
