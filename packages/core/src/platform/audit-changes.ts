/**
 * The admin activity log's before and after (issue #35), as lines a person reads: 'Type: Jacket',
 * 'Status: active → lost', never raw JSON. Imported by the admin remote as a value, so kept free
 * of zod (a zod module there breaks the portal's CSP: no eval).
 */

/** What each audited field is called on screen; any other is humanised ('sun_key_version': 'Sun key version'). */
const LABELS: Record<string, string> = {
  assigned: "Tags assigned",
  batch_id: "Batch",
  batch_name: "Batch name",
  caption: "Caption",
  care: "Care",
  chip_id: "Chip id",
  claimed_at: "Claimed",
  composition: "Composition",
  count: "Count",
  country_of_making: "Made in",
  created: "Created",
  created_at: "Created",
  datetime: "Date",
  description: "Description",
  display_order: "Display order",
  email: "Email",
  event_id: "Event",
  garment_id: "Garment",
  garment_status: "Garment status",
  garment_type: "Type",
  gtin: "GTIN",
  id: "Id",
  image_url: "Image",
  is_active: "Active",
  name: "Name",
  owner_profile_id: "Owner profile",
  owner_user_id: "Owner (user id)",
  owner_via: "Owner change",
  ownership_status: "Ownership",
  permalink: "Link",
  photo_card_key: "Card photo",
  photo_height: "Photo height",
  photo_key: "Photo",
  photo_width: "Photo width",
  pool: "Pre-encoded pool",
  product_id: "Product",
  programmed_at: "Programmed",
  programmed_by_admin_id: "Programmed by (admin id)",
  reason: "Reason",
  recycled_percent: "Recycled",
  services_text: "Services",
  services_url: "Services link",
  slug: "Slug",
  status: "Status",
  sun_key_version: "SUN key version",
  tag_type: "Tag type",
  uid: "UID",
  updated: "Updated",
  updated_at: "Updated",
  user_id: "User id",
  write_error: "Write error",
};

/** A value longer than this shows cut, with its full text beside it. */
export const AUDIT_VALUE_MAX = 80;
/** Nested deeper than this, a field is one line ('Care: Washing: wash-30, …'), and deeper still, its JSON. */
const MAX_DEPTH = 3;
const INLINE_DEPTH = 6;

export type AuditValue = { text: string; full: string | null };

/** One line: a field and its value before and after the change (null: that side does not have it). */
export type AuditLine = { label: string; before: AuditValue | null; after: AuditValue | null };

/** 'sun_key_version' and 'sunKeyVersion' read 'Sun key version'. */
export function humanizeField(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

const labelOf = (key: string) => LABELS[key] ?? humanizeField(key);

/** The admin portal's one date-and-time format (UTC): its lists and the audit lines alike. */
export const ADMIN_DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A time field's value ('…_at', 'datetime': epoch ms or an ISO string) as a UTC date, else null. */
function asTime(key: string, value: unknown): string | null {
  if (!(key.endsWith("_at") || key === "datetime")) return null;
  const ms = typeof value === "number" ? value : typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) && ms > 0 ? `${ADMIN_DATE_TIME.format(ms)} UTC` : null;
}

/** One value as words: 'Yes' / 'No', '—' for none, times as dates, a list joined. */
function valueText(key: string, value: unknown, depth: number): string {
  if (value === null || value === undefined || value === "") return "—";
  const time = asTime(key, value);
  if (time) return time;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  // Ids and counts alike as written: an id grouped ('12,345') would not search.
  if (typeof value === "number") return key.endsWith("_percent") ? `${value}%` : String(value);
  if (typeof value === "string") return value;
  if (key === "composition" && Array.isArray(value) && value.every(isFibre)) {
    return value.length === 0 ? "—" : value.map((f) => `${f.percent}% ${f.fibre}`).join(", ");
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "—";
    return value.map((item) => valueText(key, item, depth + 1)).join(isPlainObject(value[0]) ? "; " : ", ");
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return "—";
    if (depth >= INLINE_DEPTH) return JSON.stringify(value);
    return entries.map(([k, v]) => `${labelOf(k)}: ${valueText(k, v, depth + 1)}`).join(", ");
  }
  return String(value);
}

const isFibre = (value: unknown): value is { fibre: string; percent: number } =>
  isPlainObject(value) && typeof value.fibre === "string" && typeof value.percent === "number";

/** A side of the change as labelled fields, nested objects flattened ('Care › Washing'). */
function flatten(value: unknown): Map<string, { label: string; text: string }> {
  const out = new Map<string, { label: string; text: string }>();
  const walk = (node: Record<string, unknown>, path: string[], labels: string[]) => {
    for (const [key, child] of Object.entries(node)) {
      const p = [...path, key];
      const l = [...labels, labelOf(key)];
      if (isPlainObject(child) && Object.keys(child).length > 0 && p.length < MAX_DEPTH) walk(child, p, l);
      else out.set(p.join("."), { label: l.join(" › "), text: valueText(key, child, p.length) });
    }
  };
  if (isPlainObject(value)) walk(value, [], []);
  else if (value !== null && value !== undefined) out.set("", { label: "Value", text: valueText("", value, 0) });
  return out;
}

const cut = (text: string): AuditValue =>
  text.length > AUDIT_VALUE_MAX
    ? { text: `${text.slice(0, AUDIT_VALUE_MAX - 1).trimEnd()}…`, full: text }
    : { text, full: null };

/**
 * What changed, one line per field: a new row's fields (no before), a removed row's (no after),
 * and of an update only the fields it set to another value, old and new side by side.
 */
export function auditLines(before: unknown, after: unknown): AuditLine[] {
  const was = flatten(before);
  const now = flatten(after);
  const lines: AuditLine[] = [];
  if (now.size === 0) {
    for (const { label, text } of was.values()) lines.push({ label, before: cut(text), after: null });
    return lines;
  }
  for (const [path, { label, text }] of now) {
    const old = was.get(path);
    if (old?.text === text) continue;
    lines.push({ label, before: old ? cut(old.text) : null, after: cut(text) });
  }
  return lines;
}
