/**
 * GS1 Digital Link URIs for garments (issue #31; GS1 Digital Link URI Syntax 1.4+, decision 0052):
 * `/01/<gtin14>` names a product, `/01/<gtin14>/21/<serial>` one garment of it (the serial is the
 * garment's short slug). The parser is the resolver's first check, so every malformed URI gets a
 * short reason (a 400) before any lookup; it is written for the tap worker's budget (no
 * dependencies) and knows the one primary key we resolve, AI 01, with its qualifiers in their
 * order (22, then 10, then 21; or 235 alone).
 */
import { gtinProblem } from "./gtin";

/** The AIs that may follow AI 01 in the path, in the order they must come; 235 stands alone. */
const QUALIFIER_ORDER = ["22", "10", "21"] as const;
const QUALIFIER_MAX = { "22": 20, "10": 20, "21": 20, "235": 28 } as const;
type Qualifier = keyof typeof QUALIFIER_MAX;

/** AIs valid as data attributes in the query string that a garment's link may carry (dates): ignored. */
const DATA_ATTRIBUTES = new Set(["11", "13", "15", "16", "17", "7003", "7006", "7007"]);

/** GS1 AI encodable character set 82: what a serial, lot or variant may hold. */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

export type DigitalLink = {
  gtin: string;
  /** AI 21: the garment's serial (its short slug); absent for the product itself. */
  serial?: string;
  lot?: string;
  variant?: string;
  tpx?: string;
};

export type ParsedDigitalLink = { ok: true; link: DigitalLink } | { ok: false; reason: string };

const fail = (reason: string): ParsedDigitalLink => ({ ok: false, reason });

function decode(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment);
    return value.includes("\0") ? null : value;
  } catch {
    return null;
  }
}

/**
 * A Digital Link from a request's path (from `/01/` on; one trailing slash tolerated) and query.
 * The query's own words (`linkType`, `context`, the SUN parameters) are the caller's; only
 * all-numeric keys, which are AIs, are checked here.
 */
export function parseDigitalLink(pathname: string, query: URLSearchParams = new URLSearchParams()): ParsedDigitalLink {
  const path = pathname.endsWith("/") && pathname.length > 1 ? pathname.slice(0, -1) : pathname;
  const segments = path.split("/").slice(1);
  if (segments[0] !== "01") return fail("A Digital Link here starts with /01/ and a GTIN");
  if (segments.length % 2 !== 0) return fail("Each AI in the path needs a value");
  const gtin = segments[1] ?? "";
  const gtinIssue = gtinProblem(gtin);
  if (gtinIssue) return fail(gtinIssue);
  const link: DigitalLink = { gtin };
  const seen: Qualifier[] = [];
  for (let i = 2; i < segments.length; i += 2) {
    const ai = segments[i] ?? "";
    if (!(ai in QUALIFIER_MAX))
      return fail(/^\d+$/.test(ai) ? `AI ${ai} cannot follow a GTIN` : `Unknown path segment "${ai}"`);
    const qualifier = ai as Qualifier;
    if (seen.includes(qualifier)) return fail(`AI ${ai} appears twice`);
    if (qualifier === "235" ? seen.length > 0 : seen.includes("235")) return fail("AI 235 stands alone after a GTIN");
    const order = QUALIFIER_ORDER.indexOf(qualifier as (typeof QUALIFIER_ORDER)[number]);
    if (seen.some((earlier) => QUALIFIER_ORDER.indexOf(earlier as (typeof QUALIFIER_ORDER)[number]) > order)) {
      return fail("The AIs after the GTIN are out of order (22, then 10, then 21)");
    }
    seen.push(qualifier);
    const value = decode(segments[i + 1] ?? "");
    if (value === null || value === "") return fail(`AI ${ai} has no readable value`);
    if (value.length > QUALIFIER_MAX[qualifier])
      return fail(`AI ${ai} is at most ${QUALIFIER_MAX[qualifier]} characters`);
    if (!CSET82.test(value)) return fail(`AI ${ai} holds a character GS1 does not allow`);
    if (qualifier === "21") link.serial = value;
    else if (qualifier === "10") link.lot = value;
    else if (qualifier === "22") link.variant = value;
    else link.tpx = value;
  }
  for (const key of new Set(query.keys())) {
    if (!/^\d+$/.test(key)) continue;
    if (key === "01" || key in QUALIFIER_MAX) return fail(`AI ${key} belongs in the path, not the query`);
    if (!DATA_ATTRIBUTES.has(key)) return fail(`Unknown AI ${key} in the query`);
    if (query.getAll(key).length > 1) return fail(`AI ${key} appears twice`);
  }
  return { ok: true, link };
}

/** A path segment's value, escaped as GS1's encoder does: everything but A-Z a-z 0-9 - . _ ~. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The uncompressed Digital Link of a product (no serial) or one garment of it, on `origin`. */
export function formatDigitalLink(origin: string, link: Pick<DigitalLink, "gtin" | "serial">): string {
  const item = link.serial === undefined ? "" : `/21/${encode(link.serial)}`;
  return `${origin}/01/${link.gtin}${item}`;
}

/** Whether a garment's serial (its slug) can stand in a Digital Link: at most 20 characters of CSET 82. */
export const isDigitalLinkSerial = (serial: string): boolean =>
  serial.length > 0 && serial.length <= QUALIFIER_MAX["21"] && CSET82.test(serial);

/** A garment's Digital Link (its slug as the serial), or null when it has no product or its slug cannot be a serial. */
export const garmentDigitalLink = (origin: string, slug: string, gtin: string | null): string | null =>
  gtin && isDigitalLinkSerial(slug) ? formatDigitalLink(origin, { gtin, serial: slug }) : null;
