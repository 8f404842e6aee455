/**
 * Exports streamed and complete (issue #30): 25,000 contacts leave as CSV and as vCard, a batch
 * at a time (no Content-Length, many chunks), every row present once and formula-safe.
 */
import { env } from "cloudflare:workers";
import { ContactsQuerySchema } from "@releve/core/crm/rules";
import { getDb } from "@releve/db";
import { listContacts } from "@releve/db/crm/queries";
import type { D1Like } from "@releve/db/platform/binding-types";
import { addExportContacts } from "@releve/db/testing/bench-data";
import { createOwner } from "@releve/db/testing/factories";
import { parse } from "csv-parse/browser/esm/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as contactsExport } from "../app/features/crm/dashboard.contacts.export";
import { args, routeContext } from "./route-support";

const db = getDb(env.DB);
const ROWS = 25_000;
let owner: { userId: string; email: string };

/** The body as it arrives: its chunks, and the text they make. */
async function read(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks++;
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), chunks };
}

const exportOf = async (path: string) =>
  (await contactsExport(args(new Request(`http://localhost${path}`), routeContext(db, owner)))) as Response;

beforeAll(async () => {
  const made = await createOwner(db);
  owner = { userId: made.userId, email: "exports@example.com" };
  await addExportContacts(env.DB as unknown as D1Like, owner.userId, ROWS, Date.now());
});

describe("streamed exports (issue #30)", () => {
  it("sends all 25,000 contacts as CSV, batch by batch, each once and formula-safe", async () => {
    const response = await exportOf("/dashboard/contacts/contacts.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBeNull();
    const { text, chunks } = await read(response);
    // The head, then one chunk per batch of 1,000.
    expect(chunks).toBeGreaterThanOrEqual(ROWS / 1000);
    const [header, ...rows] = parse(text.replace(/^\uFEFF/, ""), { relax_quotes: false }) as string[][];
    expect(header).toEqual(["Name", "Email", "Phone", "Instagram", "LinkedIn", "Event", "Date", "Contacted", "Notes"]);
    expect(rows).toHaveLength(ROWS);
    const emails = new Set(rows.map((r) => r[1]));
    expect(emails.size).toBe(ROWS);
    for (let i = 1; i <= ROWS; i++) expect(emails.has(`export-${i}@example.com`)).toBe(true);
    // Newest first, as every list.
    expect(rows[0]?.[1]).toBe(`export-${ROWS}@example.com`);
    // No cell a spreadsheet would run: =, +, - and @ are neutralised with an apostrophe; a phone
    // number is written in E.164, a + and digits only, which is no formula (decision 0069).
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^(?!\+[1-9][0-9]{5,14}$)[=+\-@\t\r]/);
    for (const row of rows) expect(row[2]).toMatch(/^\+3361122\d{4}$/);
    expect(rows.filter((r) => r[0]?.startsWith("'=HYPERLINK"))).toHaveLength(Math.floor(ROWS / 7));
    expect(rows[0]?.[8]).toBe('\'@mention, "quoted"\nline two');
  });

  it("sends all 25,000 as vCards, and a search's matches only", async () => {
    const { text } = await read(await exportOf("/dashboard/contacts/contacts.vcf"));
    expect(text.match(/BEGIN:VCARD\r\n/g)).toHaveLength(ROWS);
    expect(text.match(/END:VCARD\r\n/g)).toHaveLength(ROWS);
    // A search exports exactly the rows the list finds for it (its total), however many batches.
    const q = "export-2499";
    const { text: found } = await read(await exportOf(`/dashboard/contacts/contacts.csv?q=${q}`));
    const listed = await listContacts(db, owner.userId, ContactsQuerySchema.parse({ q }));
    const rows = (parse(found.replace(/^\uFEFF/, "")) as string[][]).slice(1);
    expect(listed?.total).toBeGreaterThanOrEqual(11);
    expect(rows).toHaveLength(listed?.total ?? -1);
    expect(rows.map((r) => r[1])).toContain("export-24999@example.com");
  });
});
