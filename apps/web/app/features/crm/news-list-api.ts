import { csvRecords, phoneCell } from "@releve/core/platform/csv";
import { streamExport } from "@releve/core/platform/stream-export";
import { readNewsListBatches } from "@releve/db/crm/news-list";
import { Hono } from "hono";
import type { AdminEnv } from "../../api/admin/admin-env";
import { downloadHeaders, logExportError } from "../../lib/export-response.server";

/** The list's columns; 'Consented' is when they gave the consent (the contact's date). */
const NEWS_LIST_COLUMNS = ["First Name", "Last Name", "Email", "Phone", "Source", "Consented"];

/**
 * `GET /api/admin/news-list/export.csv` (issue #33): the people who ticked 'I'd like news and
 * offers from Relevé.', and no one else: consent is the only way in. Streamed, no cap.
 */
export const newsListRoutes = new Hono<AdminEnv>();

newsListRoutes.get("/export.csv", (c) => {
  const body = streamExport({
    head: csvRecords([NEWS_LIST_COLUMNS]),
    read: readNewsListBatches(c.get("db")),
    format: (rows) =>
      csvRecords(
        rows.map((r) => [
          r.first_name,
          r.last_name,
          r.email,
          phoneCell(r.phone),
          r.contact_source,
          r.created_at.toISOString().slice(0, 10),
        ]),
      ),
    onError: logExportError("news-list.csv"),
  });
  const date = new Date().toISOString().slice(0, 10);
  return c.body(
    body,
    200,
    downloadHeaders({ type: "text/csv; charset=utf-8", filename: `news-and-offers_${date}.csv` }),
  );
});
