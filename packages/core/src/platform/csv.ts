import { stringify } from "csv-stringify/browser/esm/sync";
import { phoneE164 } from "./phone";

/**
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab/CR) as a formula; prefixing
 * an apostrophe keeps a visitor's "=HYPERLINK(...)" as plain text (CSV injection, OWASP). A `+`
 * followed by digits only is no formula: an E.164 phone number stays as it is.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !E164.test(value) ? `'${value}` : value;
}

/** An E.164 number: a `+` and digits only, which no spreadsheet runs (decision 0069). */
const E164 = /^\+[1-9][0-9]{5,14}$/;

/** A phone number as the forms accept it (normalisePhone's input); anything else is plain text. */
const PHONE = /^\+?[0-9 ().-]{6,30}$/;

/**
 * A phone number's cell (decision 0069, superseding 0056's invisible prefix): a number written
 * with its country code in E.164 (`+33611223344`), one without as stored; anything else as any
 * text (csvRecords neutralises a formula).
 */
export function phoneCell(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  return PHONE.test(value) && value.startsWith("+") ? phoneE164(value) : value;
}

export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * RFC 4180 CSV records (quotes, commas and newlines escaped by csv-stringify), each ended by
 * CRLF, so the records of one batch follow another's (a streamed export) as one file.
 */
export function csvRecords(rows: CsvValue[][]): string {
  if (!rows.length) return "";
  const cells = rows.map((row) =>
    row.map((v) => {
      if (v === null || v === undefined) return "";
      if (v instanceof Date) return v.toISOString();
      return typeof v === "string" ? neutraliseFormula(v) : String(v);
    }),
  );
  // quoted_match: csv-stringify quotes only on its own delimiter; a bare \n must be quoted too.
  return stringify(cells, { record_delimiter: "\r\n", quoted_match: /[\r\n]/ });
}

/** RFC 4180 CSV, header row first. */
export function toCsv(header: string[], rows: CsvValue[][]): string {
  return csvRecords([header, ...rows]);
}

/** A streamed CSV's head: the byte order mark spreadsheet apps read UTF-8 by, and the header row. */
export const csvHead = (header: string[]) => `\uFEFF${csvRecords([header])}`;

/** A file name part from free text: letters, digits and hyphens only. */
export function fileSlug(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "export"
  );
}

export const CONTACT_CSV_COLUMNS = [
  "Name",
  "Email",
  "Phone",
  "Instagram",
  "LinkedIn",
  "Event",
  "Date",
  "Contacted",
  "Notes",
];

/**
 * The contact fields the CSV export reads: the CRM's contact (CrmContact, crm/rules.ts) with its
 * dates, spelt out here so that platform imports no room.
 */
export type ContactCsvRow = {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  instagram: string | null;
  linkedin: string | null;
  tiktok?: string | null;
  facebook?: string | null;
  notes: string | null;
  contact_notes: string | null;
  event_name: string | null;
  created_at: Date;
  contacted_at: Date | null;
};

/** Spec part 2 §9: the contacts export's columns, in order, for each contact. */
export function contactCsvRecords(rows: ContactCsvRow[]): string {
  return csvRecords(
    rows.map((c) => [
      [c.first_name, c.last_name].filter(Boolean).join(" "),
      c.email,
      phoneCell(c.phone),
      c.instagram,
      c.linkedin,
      c.event_name,
      c.created_at.toISOString().slice(0, 10),
      c.contacted_at ? "Yes" : "No",
      [c.notes, c.contact_notes].filter(Boolean).join(" | "),
    ]),
  );
}

/** The contacts export whole, header first (a streamed export sends csvHead, then contactCsvRecords per batch). */
export function contactsCsv(rows: ContactCsvRow[]): string {
  return csvRecords([CONTACT_CSV_COLUMNS]) + contactCsvRecords(rows);
}

/** Spec part 2 §9: `<garment title>-contacts-<date>.csv`. */
export function contactsCsvFileName(garmentTitle: string, now = new Date()): string {
  return `${fileSlug(garmentTitle)}-contacts-${now.toISOString().slice(0, 10)}.csv`;
}
