import { fieldErrors } from "@releve/core";
import { contactsExportFileName, contactsQueryFrom, contactsVCard } from "@releve/core/crm/rules";
import { CONTACT_CSV_COLUMNS, contactCsvRecords, csvHead, fileSlug } from "@releve/core/platform/csv";
import { streamExport } from "@releve/core/platform/stream-export";
import { exportContacts } from "@releve/db/crm/queries";
import { logExportError, streamedDownload } from "../../lib/export-response.server";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/dashboard.contacts.export";

/**
 * Resource routes `/dashboard/contacts/contacts.csv` and `.vcf`: the filtered list (same
 * query string as the page, every page of it) as CSV with the spec's columns, or as one
 * vCard file, streamed a batch at a time with no cap (issue #30). Only the signed-in owner's
 * contacts; another owner's event id is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const url = new URL(request.url);
  const format = url.pathname.endsWith(".vcf") ? "vcf" : "csv";
  const parsed = contactsQueryFrom(url.searchParams);
  if (!parsed.success) {
    return new Response(Object.values(fieldErrors(parsed.error)).join(" "), { status: 400 });
  }
  const found = await exportContacts(requestContext(request, context).db, user.userId, parsed.data);
  if (!found) return new Response("Event not found", { status: 404 });
  const filename = contactsExportFileName(fileSlug(found.event?.name ?? "releve"), format);
  const body =
    format === "csv"
      ? streamExport({
          head: csvHead(CONTACT_CSV_COLUMNS),
          read: found.read,
          format: contactCsvRecords,
          onError: logExportError("contacts.csv"),
        })
      : streamExport({ read: found.read, format: contactsVCard, onError: logExportError("contacts.vcf") });
  return streamedDownload(body, {
    type: format === "csv" ? "text/csv; charset=utf-8" : "text/vcard; charset=utf-8",
    filename,
  });
}
