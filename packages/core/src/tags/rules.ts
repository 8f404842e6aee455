// No schemas and no crypto here (they are in tags-api.ts and chip-id.ts): the admin remote
// imports these texts and rules, and must not pull zod or jose in with them.
import { garmentDigitalLink } from "../passport/digital-link";
import { GARMENT_SIZES, GARMENT_TYPES, type GarmentType } from "../platform/garment-types";
import { REPORTED_MISSING_MESSAGE } from "../tap/rules";

/** Every chip id of ours starts with it (spec part 2 §3); also the export's file name prefix. */
export const CHIP_PREFIX = "RLV";

/** The garment's choices, shared with passport and wardrobe: ../platform/garment-types.ts. */
export { GARMENT_SIZES, GARMENT_TYPES, type GarmentType };

/**
 * Tag programming and the tag registry (issue #18, spec part 2 §3-§5, §8, §9): the rules and
 * texts shared by `/api/admin/tags*` and the admin remote. Schemas are in `tags-api.ts`.
 */

/** Tag chips we write, with the bytes of NDEF message each one holds (NTAG213 is the default, §9). */
export const TAG_TYPES = ["NTAG213", "NTAG215", "NTAG216"] as const;
export type TagType = (typeof TAG_TYPES)[number];
export const DEFAULT_TAG_TYPE: TagType = "NTAG213";
export const TAG_BYTE_BUDGET: Record<TagType, number> = { NTAG213: 144, NTAG215: 504, NTAG216: 888 };

/** The spec's five tag statuses (part 2 §3) and the registry's lifecycle (decision 0033). */
export const TAG_STATUSES = [
  "uninitialized",
  "assigned",
  "locked",
  "active",
  "inactive",
  "lost",
  "stolen",
  "released",
] as const;
export type TagStatus = (typeof TAG_STATUSES)[number];

/**
 * Statuses of a tag that answers taps as usual: counted as a batch's active tags. `released`
 * waits for its next owner (the tap offers the claim), `locked` is written and read-only.
 */
export const LIVE_TAG_STATUSES = ["active", "locked", "released"] as const satisfies readonly TagStatus[];

/** The registry's lifecycle actions; each needs a reason (kept in the audit log). */
export const TAG_ACTIONS = ["deactivate", "reactivate", "report_lost", "report_stolen", "release"] as const;
export type TagAction = (typeof TAG_ACTIONS)[number];

/** What a lifecycle rule reads of a tag. */
export type TagLifecycleState = {
  status: TagStatus;
  /** A write of its record has succeeded once (programmed_at). */
  programmed: boolean;
  /** Made read-only: permanent, whatever happens to the record. */
  locked: boolean;
  /** Its garment has an owner. */
  owned: boolean;
};

export type TagTransition = { ok: true; status: TagStatus } | { ok: false; message: string };

/** The status a working tag has again after a reactivation: what its chip can still do. */
export const restoredStatus = (tag: Pick<TagLifecycleState, "programmed" | "locked">): TagStatus =>
  tag.locked ? "locked" : tag.programmed ? "active" : "uninitialized";

/**
 * The registry's lifecycle (decision 0033): which action applies to a tag in which state, and
 * the status it leaves. Refusals name what is wrong (the API answers them with a 409).
 */
export function nextTagStatus(tag: TagLifecycleState, action: TagAction): TagTransition {
  switch (action) {
    case "deactivate":
      return tag.status === "inactive"
        ? { ok: false, message: "This tag is already inactive." }
        : { ok: true, status: "inactive" };
    case "reactivate":
      return tag.status === "inactive" || tag.status === "lost" || tag.status === "stolen"
        ? { ok: true, status: restoredStatus(tag) }
        : { ok: false, message: "Only an inactive, lost or stolen tag can be reactivated." };
    case "report_lost":
    case "report_stolen": {
      const status = action === "report_lost" ? "lost" : "stolen";
      return tag.status === status
        ? { ok: false, message: `This tag is already reported ${status}.` }
        : { ok: true, status };
    }
    case "release":
      // The next tap must offer the claim: the tag works again, with nobody's name on it.
      return tag.owned
        ? { ok: true, status: "released" }
        : { ok: false, message: "This tag's garment has no owner to release." };
  }
}

/** Whether a write result may be recorded: never on a locked, missing or deliberately deactivated tag. */
export function writeRefusal(tag: { status: TagStatus; writeFailed: boolean }): string | null {
  if (tag.status === "locked") return "This tag is locked: it cannot be written again.";
  if (tag.status === "lost" || tag.status === "stolen") return `This tag is reported ${tag.status}.`;
  if (tag.status === "inactive" && !tag.writeFailed) return "This tag is deactivated: reactivate it first.";
  return null;
}

/**
 * A chip's serial number (NFC UID) in one form: upper-case hex, no separators. Web NFC gives
 * `04:a2:3b:…`, encoders often `04A23B…`. NXP UIDs are 4, 7 or 10 bytes; null for anything else.
 */
export function normalizeUid(raw: string): string | null {
  const hex = raw
    .trim()
    .replace(/[\s:-]/g, "")
    .toUpperCase();
  return /^(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})$/.test(hex) ? hex : null;
}

/** The URL an NDEF record carries for a garment: `https://<origin>/t/<slug>` (issue #18). */
export const tagUrl = (origin: string, slug: string) => `${origin}/t/${slug}`;

/**
 * The URL a tag written now carries (issue #31): the garment's GS1 Digital Link
 * (`/01/<gtin>/21/<slug>`) when it belongs to a product (and its slug can be a serial), else
 * `/t/<slug>`. Both answer the same tap; tags already written keep theirs.
 */
export const garmentTagUrl = (origin: string, slug: string, gtin: string | null) =>
  garmentDigitalLink(origin, slug, gtin) ?? tagUrl(origin, slug);

const SLUG_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const SLUG_RANDOM_LENGTH = 10;
const TYPE_SLUG_PREFIX: Record<GarmentType, string> = {
  Shirt: "sh",
  Pants: "pa",
  Dress: "dr",
  Jacket: "ja",
  Shoes: "so",
  Accessories: "ac",
  Bag: "ba",
  Hat: "ha",
};

/**
 * A new garment's short slug: its type's two letters and 10 random Crockford characters (50
 * bits), e.g. `ja-7qk2m9xdwe`. Short enough for an NTAG213 URL, never guessable from its
 * neighbours. The unique index refuses the (astronomically rare) repeat.
 */
export function newGarmentSlug(type: GarmentType, random: (n: number) => Uint8Array = cryptoBytes): string {
  let out = "";
  // 256 is a multiple of 32: masking a byte keeps every character equally likely.
  for (const byte of random(SLUG_RANDOM_LENGTH)) out += SLUG_ALPHABET[byte & 31];
  return `${TYPE_SLUG_PREFIX[type]}-${out}`;
}

const cryptoBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/** Spec part 2 §9: the programmer's export is named with the product prefix and the date. */
export const tagsCsvFileName = (now = new Date()) => `${CHIP_PREFIX}_${now.toISOString().slice(0, 10)}.csv`;

/** The registry export's columns (issue #18), in order. */
export const TAG_CSV_COLUMNS = ["Chip ID", "UID", "Slug", "URL", "Status", "Batch", "Garment", "Owner email"];

/** A factory encoder's file from a batch: what to write on each chip. */
export const ENCODER_CSV_COLUMNS = ["Slug", "URL", "Chip ID", "Signature"];

/** The most garments one batch call programs (the 1,000 of the timing). */
export const BATCH_PROGRAM_MAX = 1000;
/** An encoder's import file: at most this many rows, and this many characters. */
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_CHARS = 500_000;

export const TAG_PAGE_SIZE = 50;
/**
 * The programmer's client search (spec part 2 §5) asks from 2 characters; `GET /clients`
 * answers 10 at most (it also takes 1, for a profile id like "7").
 */
export const CLIENT_SEARCH_MIN_LENGTH = 2;
/** How long a new client's invitation (set-password) link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Texts of the programmer and the registry: spec part 2 §8, verbatim where it has one. */
export const TAG_MESSAGES = {
  // Spec part 2 §8, Programmer: the registration and programming failures' own words.
  connectionFailed: "Connection Failed: Please try again or contact support.",
  authError: "Authentication Error",
  missingData: "Missing user or NFC data",
  profileNotFound: "User profile not found",
  nfcNotAvailable: "NFC Not Available: NFC is not supported on this device or browser",
  programmed: "Tag Programmed Successfully",
  programmingError: "Programming Error: Failed to program NFC tag",
  searchError: "Search Error: Failed to search clients",
  clientCreated: "Client Created",
  creationError: "Creation Error: Failed to create client",
  contactExchanged: "Contact Exchanged",
  contactRequired: "Contact Required: Please provide either an email or phone number",
  exchangeFailed: "Exchange Failed: Failed to exchange contact information",
  eventCreated: "Event created successfully",
  eventCreateFailed: "Failed to create event",
  eventsLoadFailed: "Error: Failed to load events",
  // Not spec texts: closing and reopening an event came with issue #35.
  eventOpened: "Event opened",
  eventClosed: "Event closed",
  eventStatusFailed: "Failed to update event",
  activeEventSet: "Active event set - new scans will be associated with this event",
  activeEventCleared: "Active event cleared",
  reassigned: "Garment reassigned successfully",
  reassignFailed: "Failed to reassign garment",
  exportDone: "Export Complete",
  exportFailed: "Failed to export data",
  requiredFields: "Please fill in all required fields",
  readFailed: "Read Failed",
  unknownTag: "Unknown",
  reportedMissing: REPORTED_MISSING_MESSAGE,
} as const;
