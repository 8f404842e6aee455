import { z } from "zod";
import { ListQuerySchema, positiveInt } from "../platform/admin-api";
import { idField } from "../platform/form-fields";
import { idCursorParam, timeCursorParam } from "../platform/keyset";
import { normalisePhone } from "../platform/normalise";
import { adminSearchText, text } from "../platform/text-field";
import { NOTES_MAX_BYTES } from "../sharing/contact";
import { GARMENT_TYPES } from "./chip-id";
import {
  BATCH_PROGRAM_MAX,
  DEFAULT_TAG_TYPE,
  GARMENT_SIZES,
  IMPORT_MAX_CHARS,
  normalizeUid,
  TAG_ACTIONS,
  TAG_MESSAGES,
  TAG_STATUSES,
  TAG_TYPES,
  type TagStatus,
  type TagType,
} from "./rules";
import type { SunEncoderSettings } from "./sun-encoder";

/**
 * Bodies and queries of the tag programmer, the tag registry, batches, clients, brand events
 * and guest capture under `/api/admin/*` (issue #18), validated on the server; the admin
 * remote imports only the inferred types. Messages are the spec's where it has one (part 2 §5, §8).
 */

// Every text field goes through the one text rule (text.ts, decision 0042).
type Lines = { multiline?: boolean };

const requiredText = (max: number, label: string, required: string = `${label} is required.`, lines: Lines = {}) =>
  text({
    label,
    typeError: required,
    required,
    max,
    tooLong: `${label} is at most ${max} characters.`,
    end: ".",
    ...lines,
  });

/** Optional text: absent, null or blank is null; otherwise cleaned and bounded. */
const optionalText = (max: number, label: string, lines: Lines = {}) =>
  text({ label, max, tooLong: `${label} is at most ${max} characters.`, end: ".", ...lines })
    .nullish()
    .transform((v) => (v ? v : null));

const optionalId = (message: string) =>
  idField(message)
    .nullish()
    .transform((v) => v ?? null);

const garmentType = z.enum(GARMENT_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === ""
      ? TAG_MESSAGES.requiredFields
      : `The garment type is one of ${GARMENT_TYPES.join(", ")}.`,
});
const garmentSize = z
  .enum(GARMENT_SIZES, { error: `The size is one of ${GARMENT_SIZES.join(", ")}.` })
  .nullish()
  .transform((v) => v ?? null);
const tagType = z
  .enum(TAG_TYPES, { error: `The tag type is one of ${TAG_TYPES.join(", ")}.` })
  .default(DEFAULT_TAG_TYPE);

/** A tag UID as typed, read by Web NFC (`04:a2:…`) or in an encoder's file; stored as `normalizeUid` gives it. */
const uidField = text({
  label: "The tag UID",
  max: 64,
  tooLong: "A tag UID is at most 64 characters.",
  end: ".",
}).transform((raw, ctx) => {
  const uid = normalizeUid(raw);
  if (uid === null) {
    ctx.addIssue({ code: "custom", message: "A tag UID is 4, 7 or 10 bytes in hex, like 04:A2:3B:4C:5D:6E:7F." });
    return z.NEVER;
  }
  return uid;
});

/** Program a new tag (spec part 2 §5: name and type required); `client_id` attaches it to that client. */
export const ProgramTagBodySchema = z.object({
  name: requiredText(120, "Name", TAG_MESSAGES.requiredFields),
  garment_type: garmentType,
  size: garmentSize,
  color: optionalText(40, "Colour"),
  sku: optionalText(64, "SKU"),
  batch_id: optionalId("The batch id must be a whole number."),
  tag_type: tagType,
  client_id: optionalId("The client id must be a whole number."),
  /** The product it is one of (issue #31): its tag then carries the garment's Digital Link. */
  product_id: optionalId("Product: the product id must be a whole number."),
});
export type ProgramTagInput = z.input<typeof ProgramTagBodySchema>;

/** What the device reports: a few flat facts (user agent, platform), never a blob. */
const deviceInfo = z
  .record(
    text({ label: "A device_info key", max: 40, end: "." }),
    z.union([text({ label: "A device_info value", max: 300, end: "." }), z.number(), z.boolean(), z.null()]),
  )
  .refine((v) => Object.keys(v).length <= 20, "device_info has at most 20 fields.")
  .optional();

/** The outcome of writing a tag's NDEF record (spec part 2 §4): success makes it active, failure inactive. */
export const WriteResultBodySchema = z.discriminatedUnion(
  "ok",
  [
    z.object({ ok: z.literal(true), uid: uidField.nullish(), device_info: deviceInfo }),
    z.object({
      ok: z.literal(false),
      error: requiredText(500, "The error", undefined, { multiline: true }),
      device_info: deviceInfo,
    }),
  ],
  { error: "ok must be true or false." },
);
export type WriteResultInput = z.input<typeof WriteResultBodySchema>;

export const TagListQuerySchema = z.object({
  q: adminSearchText(),
  status: z.enum(TAG_STATUSES, { error: `status is one of ${TAG_STATUSES.join(", ")}.` }).optional(),
  batch_id: idField("The batch id must be a whole number.").optional(),
  /** The page after this tag id (newest first), from the page before's `nextCursor`. */
  before: idCursorParam,
});

/** 'Search by tag UID' and a read tag's lookup: exactly one of its UID, chip id or slug. */
export const TagLookupQuerySchema = z
  .object({
    uid: uidField.optional(),
    chip_id: text({
      label: "The chip id",
      required: "Too small: expected string to have >=1 characters",
      max: 64,
      tooLong: "A chip id is at most 64 characters.",
      end: ".",
    }).optional(),
    slug: text({
      label: "The slug",
      required: "Too small: expected string to have >=1 characters",
      max: 300,
      tooLong: "A slug is at most 300 characters.",
      end: ".",
    }).optional(),
  })
  .refine((v) => [v.uid, v.chip_id, v.slug].filter((x) => x !== undefined).length === 1, {
    message: "Give exactly one of uid, chip_id or slug.",
  });

/** Register a tag as a secure NTAG 424 DNA (issue #21): the 7-byte UID its SUN data carries, and its key version. */
export const SecureTagBodySchema = z.strictObject({
  uid: uidField.refine((uid) => uid.length === 14, "A secure tag's UID is 7 bytes, like 04:DE:5F:1E:AC:C0:40."),
  key_version: z
    .number({ error: "The key version must be a whole number from 1 to 65535." })
    .int("The key version must be a whole number from 1 to 65535.")
    .min(1, "The key version must be a whole number from 1 to 65535.")
    .max(65535, "The key version must be a whole number from 1 to 65535."),
});
export const TagActionBodySchema = z.object({
  action: z.enum(TAG_ACTIONS, { error: `action is one of ${TAG_ACTIONS.join(", ")}.` }),
  reason: requiredText(500, "A reason", undefined, { multiline: true }),
});
export const TagIdParamSchema = z.object({ id: idField("The tag id must be a whole number.") });
export const BatchIdParamSchema = z.object({ id: idField("The batch id must be a whole number.") });

/** Details a pre-encoded pool leaves to the owner (issue #19). */
const POOL_OWNER_FIELDS = ["name", "size", "color", "sku_prefix"] as const;

/**
 * Program N stock garments of one type in one call; `count` up to BATCH_PROGRAM_MAX. With
 * `pool`, a pre-encoded pool (issue #19): the owner names each piece when registering it, so
 * name, size, colour and SKU prefix must be left out (the type stays: the chip id encodes it).
 */
export const BatchProgramBodySchema = z
  .object({
    garment_type: garmentType,
    count: z
      .number({ error: "count must be a whole number." })
      .int("count must be a whole number.")
      .min(1, "count is at least 1.")
      .max(BATCH_PROGRAM_MAX, `count is at most ${BATCH_PROGRAM_MAX}.`),
    name: optionalText(120, "Name"),
    size: garmentSize,
    color: optionalText(40, "Colour"),
    sku_prefix: optionalText(40, "SKU prefix"),
    tag_type: tagType,
    pool: z.boolean({ error: "pool must be true or false." }).default(false),
    /** The product every garment is one of (issue #31); its name is the default name. */
    product_id: optionalId("Product: the product id must be a whole number."),
  })
  .superRefine((input, ctx) => {
    if (!input.pool) return;
    for (const field of POOL_OWNER_FIELDS) {
      if (input[field] !== null)
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `A pre-encoded pool leaves ${field === "sku_prefix" ? "the SKU prefix" : field === "color" ? "the colour" : `the ${field}`} to the owner: leave it out.`,
        });
    }
  });
export type BatchProgramInput = z.input<typeof BatchProgramBodySchema>;

/** An encoder's CSV of (UID, slug), as text. */
export const BatchImportBodySchema = z.object({
  csv: requiredText(IMPORT_MAX_CHARS, "The CSV", undefined, { multiline: true }),
});

const personName = (label: string) => requiredText(80, label);
const email = text({
  label: "Email",
  typeError: "Email is required.",
  required: "Email is required.",
  max: 254,
  tooLong: "Email is too long.",
  end: ".",
})
  .pipe(z.email("Enter a valid email address."))
  .transform((value) => value.toLowerCase());

/** The programmer's 'Create client' dialog: first name, last name and email required. */
export const CreateClientBodySchema = z.object({
  first_name: personName("First name"),
  last_name: personName("Last name"),
  email,
});
export type CreateClientInput = z.input<typeof CreateClientBodySchema>;

/** A brand event: a name, and when it takes place (ISO 8601 or epoch ms), if known. */
export const BrandEventBodySchema = z.object({
  name: requiredText(120, "Event name"),
  datetime: z
    .union([z.iso.datetime({ offset: true, error: "datetime must be an ISO 8601 date and time." }), z.number().int()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : new Date(v))),
  is_active: z.boolean({ error: "is_active must be true or false." }).default(true),
});
export type BrandEventInput = z.input<typeof BrandEventBodySchema>;

export const BrandEventIdParamSchema = z.object({ id: idField("The event id must be a whole number.") });

/** Closing a brand event (issue #35): guests are no longer filed under it; reopening undoes that. */
export const BrandEventStatusBodySchema = z.object({
  is_active: z.boolean({ error: "is_active must be true or false." }),
});
export type BrandEventStatusInput = z.input<typeof BrandEventStatusBodySchema>;

/**
 * The programmer's guest capture (spec part 2 §5): first and last name, and an email or a
 * phone; stored for the client with the spec's default consent.
 */
export const GuestCaptureBodySchema = z
  .object({
    client_id: idField("The client id must be a whole number."),
    event_id: optionalId("The event id must be a whole number."),
    garment_id: optionalId("The garment id must be a whole number."),
    first_name: personName("First name"),
    last_name: personName("Last name"),
    email: text({ label: "Email", max: 254, tooLong: "Email is too long.", end: "." })
      .nullish()
      .transform((v, ctx) => {
        if (!v) return null;
        if (!z.email().safeParse(v).success) ctx.addIssue({ code: "custom", message: "Enter a valid email address." });
        return v.toLowerCase();
      }),
    phone: text({ label: "Phone", max: 40, tooLong: "Phone is too long.", end: "." })
      .nullish()
      .transform((v, ctx) => {
        if (!v) return null;
        const phone = normalisePhone(v);
        if (phone === null) ctx.addIssue({ code: "custom", message: "Enter a phone number like +33 6 12 34 56 78." });
        return phone;
      }),
    notes: text({ label: "Notes", multiline: true, end: "." })
      .nullish()
      .refine((v) => !v || new TextEncoder().encode(v).length <= NOTES_MAX_BYTES, "Notes must be at most 4 KB.")
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) ctx.addIssue({ code: "custom", message: TAG_MESSAGES.contactRequired });
  });
export type GuestCaptureInput = z.input<typeof GuestCaptureBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers.
// ---------------------------------------------------------------------------------------------

export type AdminTagOwner = { profileId: number | null; name: string; email: string | null };

/** One tag as the programmer and the registry show it. */
export type AdminTag = {
  id: number;
  chipId: string;
  signature: string | null;
  uid: string | null;
  tagType: string;
  status: TagStatus;
  batch: { id: number; name: string } | null;
  garment: {
    id: number;
    title: string;
    type: string | null;
    size: string | null;
    color: string | null;
    sku: string | null;
    slug: string;
    url: string;
    status: "unclaimed" | "claimed";
    isActive: boolean;
  } | null;
  owner: AdminTagOwner | null;
  writeError: string | null;
  lockedAt: string | null;
  /** A secure NTAG 424 DNA (issue #21): its key version and what its encoder needs (never a key). */
  secure: { keyVersion: number; encoder: SunEncoderSettings | null } | null;
  programmedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

/** A page of the registry, newest first, and the cursor of the page after it (null: none). */
export type TagPage = { tags: AdminTag[]; pageSize: number; total: number; nextCursor: string | null };

/**
 * `GET /tags/lookup`: the scanned-tag state (spec part 2 §4) of what a reader saw: one of our
 * tags ('assigned', or 'locked' once read-only) or none of ours ('Unknown'). A blank chip
 * (no NDEF records) is 'uninitialized' on the device: it has nothing to look up.
 */
export type TagLookup = { state: "assigned" | "locked"; tag: AdminTag } | { state: "Unknown"; tag: null };

/** `POST /tags`: the registered tag and what to write on it. */
export type ProgrammedTag = {
  tag: AdminTag;
  /** The URL the NDEF record carries. */
  url: string;
  /** That URL's QR code (an SVG data URI, drawn on the server: the admin remote ships no QR library). */
  qr: string;
  tagType: TagType;
  /** Bytes of NDEF message the tag type holds (NTAG213: 144). */
  byteBudget: number;
};

export type WriteResult = { tag: AdminTag; message: string };

export type CreatedClient = {
  profileId: number;
  clientId: string;
  name: string;
  email: string;
  invitationSent: boolean;
  message: string;
};

export type BrandEvent = { id: number; name: string; datetime: number | null; isActive: boolean; createdAt: number };

export type CapturedGuest = { contactId: number; message: string };

export type BatchImportResult = { assigned: number; unchanged: number };

export type BatchImportProblem = { line: number; message: string };

export const UNCLAIMED_PAGE_SIZE = 10;
/** 'Registered & Claimed' lists this many garments at a time, newest first. */
export const GARMENT_PAGE_SIZE = 50;

/** The `:id` of an admin route (garments and posts alike). */
export const GarmentIdParamSchema = z.object({ id: positiveInt("The garment id") });

export const GarmentStatusBodySchema = z.object({
  is_active: z.boolean({ error: "is_active must be true or false." }),
});

/** Spec part 2 §5: reassign requires a garment and a client id, parsed as an integer (the profile id). */
export const ReassignBodySchema = z.object({ client_id: positiveInt("The client id") });

/** 'Registered & Claimed' lists claimed garments; `status=all` (or none, for API callers) lists every one. */
const GARMENT_FILTERS = ["claimed", "unclaimed", "all"] as const;

export type GarmentFilter = (typeof GARMENT_FILTERS)[number];

export const GarmentListQuerySchema = ListQuerySchema.extend({
  status: z.enum(GARMENT_FILTERS, { error: "status must be claimed, unclaimed or all." }).optional(),
  /** The page after this garment id (newest first), from the page before's `nextCursor`. */
  before: idCursorParam,
});

/** 'Registered & Claimed': a page of garments, newest first, and the cursor of the next. */
export type GarmentPage = { garments: AdminGarment[]; pageSize: number; nextCursor: string | null };

/** 'Unclaimed / To Program': the page after `before` (`<ms>-<id>`, newest first). */
export const UnclaimedQuerySchema = z.object({ before: timeCursorParam });

export const TagBatchBodySchema = z.object({
  batch_name: text({
    label: "Batch name",
    required: "Batch name is required.",
    max: 100,
    tooLong: "Batch name is at most 100 characters.",
    end: ".",
  }),
  description: optionalText(500, "Description", { multiline: true }),
});

export type TagBatchInput = z.input<typeof TagBatchBodySchema>;

export type AdminGarment = {
  id: number;
  title: string;
  brand: string | null;
  garmentType: string | null;
  shortSlug: string;
  /** Its GS1 Digital Link when it belongs to a product (issue #31), else null. */
  digitalLink: string | null;
  status: "unclaimed" | "claimed";
  isActive: boolean;
  createdAt: number;
  claimedAt: number | null;
  owner: { profileId: number | null; name: string; email: string | null } | null;
};

type UnclaimedRow = {
  garment_id: number;
  title: string;
  category: string | null;
  sku: string | null;
  tag_uuid: string | null;
  short_slug: string;
  programming_url: string;
  created_at: number;
  programmed_at: number | null;
  programmed_by_admin_id: number | null;
};

export type UnclaimedPage = { rows: UnclaimedRow[]; pageSize: number; total: number; nextCursor: string | null };

export type AdminClient = { profileId: number; clientId: string; name: string; email: string | null };

export type TagBatch = {
  id: number;
  batch_name: string;
  description: string | null;
  created_at: number;
  total: number;
  programmed: number;
  active: number;
};
