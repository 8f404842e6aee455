/**
 * The Products screen's CSV (issue #31): one product per row, the columns below, a header first.
 * The export writes what the import reads back, so a brand edits its catalogue in a spreadsheet
 * and imports it again: composition as a label reads ("92% Silk, 8% Elastane"), care as the
 * choice codes of CARE_SYMBOLS. Parsing only turns cells into a product body; the API's schema
 * judges each row, so the CSV and the form refuse the same things with the same words.
 */
import { readCsvRecords } from "../platform/csv-read";
import type { ProductInput } from "./contracts";
import {
  CARE_CATEGORIES,
  type CareCategory,
  compositionText,
  type Fibre,
  PRODUCT_IMPORT_MAX_ROWS,
} from "./product-rules";

export const PRODUCT_CSV_COLUMNS = [
  "GTIN",
  "Name",
  "Type",
  "Description",
  "Composition",
  "Country of making",
  "Washing",
  "Bleaching",
  "Drying",
  "Ironing",
  "Professional care",
  "Repair and care services",
  "Repair and care link",
  "Recycled content (%)",
] as const;

/** Each care category's column. */
const CARE_COLUMN: Record<CareCategory, (typeof PRODUCT_CSV_COLUMNS)[number]> = {
  washing: "Washing",
  bleaching: "Bleaching",
  drying: "Drying",
  ironing: "Ironing",
  professional: "Professional care",
};

export type ProductCsvFields = Omit<ProductInput, "composition" | "care" | "garment_type"> & {
  garment_type?: string | null;
  composition: Fibre[];
  care: Partial<Record<CareCategory, string | null>>;
};

/** A product's row, in PRODUCT_CSV_COLUMNS order. */
export function productCsvRow(p: ProductCsvFields): (string | number | null)[] {
  return [
    p.gtin,
    p.name,
    p.garment_type ?? null,
    p.description ?? null,
    p.composition.length ? compositionText(p.composition) : null,
    p.country_of_making ?? null,
    ...CARE_CATEGORIES.map((category) => p.care[category] ?? null),
    p.services_text ?? null,
    p.services_url ?? null,
    p.recycled_percent ?? null,
  ];
}

export type ProductCsvRow = { line: number; body: ProductInput };
export type ProductCsvProblem = { line: number; message: string };

/** "92% Silk, 8% Elastane" as fibres; a part that is not "<n>% <fibre>" is a problem. */
export function parseComposition(cell: string): { fibres: Fibre[] } | { problem: string } {
  const fibres: Fibre[] = [];
  for (const part of cell.split(/[,;]/)) {
    const item = part.trim();
    if (!item) continue;
    const match = /^(\d{1,3})\s*%\s*(.+)$/.exec(item);
    if (!match) return { problem: `"${item.slice(0, 40)}" is not a share and a fibre, like "92% Silk".` };
    fibres.push({ fibre: (match[2] ?? "").trim(), percent: Number(match[1]) });
  }
  return { fibres };
}

/** A cell as the export wrote it: an apostrophe that guarded a formula-like start comes off. */
const cellText = (cell: string | undefined) => {
  const value = (cell ?? "").trim();
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
};

/**
 * A product CSV read by csv-parse: the header names the columns (any order, GTIN and Name
 * required; an unknown column is refused, so a typo does not drop a field silently). Each row
 * becomes a product body with its line number; a GTIN twice in the file is a problem. Empty
 * cells leave a field empty.
 */
export function parseProductCsv(text: string): { rows: ProductCsvRow[]; problems: ProductCsvProblem[] } {
  const read = readCsvRecords(text);
  if ("problem" in read) return { rows: [], problems: [read.problem] };
  const records = read.records;
  const [head, ...body] = records;
  if (!head) return { rows: [], problems: [{ line: 1, message: "The file is empty." }] };
  const known = new Map(PRODUCT_CSV_COLUMNS.map((name) => [name.toLowerCase(), name]));
  const at = new Map<(typeof PRODUCT_CSV_COLUMNS)[number], number>();
  const problems: ProductCsvProblem[] = [];
  head.record.forEach((cell, index) => {
    const name = known.get(cell.trim().toLowerCase());
    if (name) at.set(name, index);
    else if (cell.trim()) problems.push({ line: 1, message: `Line 1: "${cell.trim().slice(0, 40)}" is not a column.` });
  });
  for (const required of ["GTIN", "Name"] as const) {
    if (!at.has(required)) problems.push({ line: 1, message: `Line 1: the header needs a ${required} column.` });
  }
  if (problems.length) return { rows: [], problems };
  if (body.length === 0) return { rows: [], problems: [{ line: 2, message: "The file has no products." }] };
  if (body.length > PRODUCT_IMPORT_MAX_ROWS) {
    return { rows: [], problems: [{ line: 0, message: `A file has at most ${PRODUCT_IMPORT_MAX_ROWS} products.` }] };
  }

  const rows: ProductCsvRow[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    const cell = (column: (typeof PRODUCT_CSV_COLUMNS)[number]) => {
      const index = at.get(column);
      return index === undefined ? "" : cellText(record[index]);
    };
    const orNull = (value: string) => (value === "" ? null : value);
    const composition = parseComposition(cell("Composition"));
    if ("problem" in composition) {
      problems.push({ line, message: `Line ${line}: Composition: ${composition.problem}` });
      continue;
    }
    const recycled = cell("Recycled content (%)").replace(/%$/, "").trim();
    const gtin = cell("GTIN");
    const earlier = seen.get(gtin);
    if (gtin && earlier !== undefined) {
      problems.push({ line, message: `Line ${line}: GTIN ${gtin} is also on line ${earlier}.` });
      continue;
    }
    seen.set(gtin, line);
    rows.push({
      line,
      body: {
        gtin,
        name: cell("Name"),
        garment_type: orNull(cell("Type")) as ProductInput["garment_type"],
        description: orNull(cell("Description")),
        composition: composition.fibres,
        country_of_making: orNull(cell("Country of making")),
        care: Object.fromEntries(CARE_CATEGORIES.map((c) => [c, orNull(cell(CARE_COLUMN[c]))])),
        services_text: orNull(cell("Repair and care services")),
        services_url: orNull(cell("Repair and care link")),
        // A number the schema judges; a word stays a word so its refusal names it.
        recycled_percent: (recycled === "" ? null : /^\d+$/.test(recycled) ? Number(recycled) : recycled) as number,
      },
    });
  }
  return { rows, problems };
}
