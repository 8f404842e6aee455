import { readCsvRecords } from "../platform/csv-read";
import { normalizeSlug } from "../tap/slug";
import { IMPORT_MAX_ROWS, normalizeUid } from "./rules";

/** One assignment of an encoder's file: the chip with this UID carries this slug's URL. */
export type EncoderRow = { line: number; uid: string; slug: string };
export type EncoderProblem = { line: number; message: string };

/**
 * A slug cell may hold the slug or the whole URL written on the chip: `…/t/<slug>`, or a
 * garment's Digital Link `…/01/<gtin>/21/<slug>` (issue #31), whose serial is its slug.
 */
function slugOf(cell: string): string | null {
  const fromUrl =
    /\/t\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(cell)?.[1] ?? /\/01\/\d{14}\/21\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(cell)?.[1];
  return normalizeSlug(fromUrl ?? cell);
}

const isHeader = (cells: string[]) => {
  const names = cells.map((c) => c.trim().toLowerCase());
  return names.includes("uid") && (names.includes("slug") || names.includes("url"));
};

/**
 * An encoder's CSV of (UID, slug) read by csv-parse: a header row naming `UID` and `Slug` (or
 * `URL`) in any order, or none (then UID first, slug second). Every row is checked on its own
 * and against the others (a UID or slug twice); all problems are reported with the file's
 * line numbers, so one import either assigns every row or none.
 */
export function parseEncoderCsv(text: string): { rows: EncoderRow[]; problems: EncoderProblem[] } {
  const read = readCsvRecords(text, { trim: true });
  if ("problem" in read) return { rows: [], problems: [read.problem] };
  let records = read.records;
  let uidAt = 0;
  let slugAt = 1;
  const first = records[0];
  if (first && isHeader(first.record)) {
    const names = first.record.map((c) => c.trim().toLowerCase());
    uidAt = names.indexOf("uid");
    slugAt = names.includes("slug") ? names.indexOf("slug") : names.indexOf("url");
    records = records.slice(1);
  }
  if (records.length === 0) return { rows: [], problems: [{ line: 1, message: "The file has no rows." }] };
  if (records.length > IMPORT_MAX_ROWS) {
    return { rows: [], problems: [{ line: 0, message: `A file has at most ${IMPORT_MAX_ROWS} rows.` }] };
  }

  const rows: EncoderRow[] = [];
  const problems: EncoderProblem[] = [];
  const seenUid = new Map<string, number>();
  const seenSlug = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const uidCell = record[uidAt] ?? "";
    const slugCell = record[slugAt] ?? "";
    if (uidCell === "" || slugCell === "") {
      problems.push({ line, message: `Line ${line}: a UID and a slug are required.` });
      continue;
    }
    const uid = normalizeUid(uidCell);
    const slug = slugOf(slugCell);
    if (!uid) problems.push({ line, message: `Line ${line}: "${uidCell.slice(0, 40)}" is not a tag UID.` });
    if (!slug) problems.push({ line, message: `Line ${line}: "${slugCell.slice(0, 80)}" is not a garment slug.` });
    if (!uid || !slug) continue;
    const uidLine = seenUid.get(uid);
    const slugLine = seenSlug.get(slug);
    if (uidLine !== undefined) problems.push({ line, message: `Line ${line}: UID ${uid} is also on line ${uidLine}.` });
    if (slugLine !== undefined) {
      problems.push({ line, message: `Line ${line}: slug ${slug} is also on line ${slugLine}.` });
    }
    if (uidLine !== undefined || slugLine !== undefined) continue;
    seenUid.set(uid, line);
    seenSlug.set(slug, line);
    rows.push({ line, uid, slug });
  }
  return { rows, problems };
}
