import { contactsExportFileName, contactsQueryFrom, contactsVCard, fieldErrors } from "@releve/core/crm/rules";
import { contactsCsv, fileSlug } from "@releve/core/platform/csv";
import { exportContacts } from "@releve/db/crm/queries";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/dashboard.contacts.export";

/**
 * Resource routes `/dashboard/contacts/contacts.csv` and `.vcf`: the filtered list (same
 * query string as the page, every page of it) as CSV with the spec's columns, or as one
 * vCard file. Only the signed-in owner's contacts; another owner's event id is a 404.
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
  const name = contactsExportFileName(fileSlug(found.event?.name ?? "releve"), format);
  const body = format === "csv" ? `\uFEFF${contactsCsv(found.contacts)}` : contactsVCard(found.contacts);
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "text/vcard; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
