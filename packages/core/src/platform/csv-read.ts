import { CsvError, parse } from "csv-parse/browser/esm/sync";

/** One record of an imported CSV and the file line it ends on. */
export type CsvRecord = { record: string[]; info: { lines: number } };

/**
 * An imported CSV's records, read by csv-parse (a BOM dropped, empty lines skipped, rows of any
 * length; `trim` cells if asked), each with its line; or why the file is not CSV, with the line
 * csv-parse stopped at.
 */
export function readCsvRecords(
  text: string,
  opts: { trim?: boolean } = {},
): { records: CsvRecord[] } | { problem: { line: number; message: string } } {
  try {
    // With `info: true` csv-parse gives each record with its position (its types do not say so).
    const records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: opts.trim ?? false,
    }) as unknown as CsvRecord[];
    return { records };
  } catch (error) {
    const line = error instanceof CsvError ? Number((error as CsvError & { lines?: number }).lines ?? 0) : 0;
    const reason = error instanceof Error ? error.message : String(error);
    return { problem: { line, message: `The file is not valid CSV: ${reason}` } };
  }
}
