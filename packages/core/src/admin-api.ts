import { z } from "zod";
import { parseId } from "./input-limits";
import type { SuspectReason } from "./tap/secure-tap";
import { adminSearchText, text } from "./text-field";

// The texts and pager the remote shows live zod-free beside the remote's contract.
export { ADMIN_MESSAGES, pageNumbers } from "./admin-portal";

/**
 * Bodies and queries of `/api/admin/*` (issue #9), validated on the server; the admin remote
 * imports only the inferred types. Messages are the spec's where it has one (part 2 §5, §8).
 */
export const UNCLAIMED_PAGE_SIZE = 10;
export const SCAN_HISTORY_LIMIT = 100;
export const AUDIT_LIMIT = 20;

/**
 * A positive integer given as a number or a decimal string ("12"), read by the one strict id
 * parser: "012", " 12", "0x8", "1e1" and numbers past ID_MAX are refused (400).
 */
const positiveInt = (what: string) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    const n = parseId(value);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: `${what} must be a whole number.` });
      return z.NEVER;
    }
    return n;
  });

/** The `:id` of an admin route (garments and posts alike). */
export const GarmentIdParamSchema = z.object({ id: positiveInt("The garment id") });

export const GarmentStatusBodySchema = z.object({
  is_active: z.boolean({ error: "is_active must be true or false." }),
});

/** Spec part 2 §5: reassign requires a garment and a client id, parsed as an integer (the profile id). */
export const ReassignBodySchema = z.object({ client_id: positiveInt("The client id") });

export const ListQuerySchema = z.object({
  // Any term up to SEARCH_MAX_LENGTH characters, in any script; longer is a 400 (input-limits.ts).
  q: adminSearchText(),
  page: positiveInt("The page").optional(),
});

/** 'Registered & Claimed' lists claimed garments; `status=all` (or none, for API callers) lists every one. */
export const GARMENT_FILTERS = ["claimed", "unclaimed", "all"] as const;
export type GarmentFilter = (typeof GARMENT_FILTERS)[number];

export const GarmentListQuerySchema = ListQuerySchema.extend({
  status: z.enum(GARMENT_FILTERS, { error: "status must be claimed, unclaimed or all." }).optional(),
});

// Every text field goes through the one text rule (text.ts, decision 0042); these (a caption,
// a description) may run over several lines.
const optionalText = (max: number, label: string) =>
  text({ label, max, tooLong: `${label} is at most ${max} characters.`, end: ".", multiline: true })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** http(s) URLs, or a site path for bundled images; never javascript: or data:. */
const isSafeUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^/\s][^\s]*$/.test(value);
const urlText = (label: string, required?: string) =>
  text({ label, required, max: 500, tooLong: `${label} is at most 500 characters.`, end: "." });
const safeUrl = (label: string) =>
  urlText(label, `${label} is required.`).refine(isSafeUrl, {
    message: `${label} must be an http(s) address or a path starting with /.`,
  });

export const InstagramPostBodySchema = z.object({
  image_url: safeUrl("Image URL"),
  caption: optionalText(500, "Caption"),
  // Optional: absent, null or blank is null (one field, so its own message, never "Invalid input").
  permalink: urlText("Permalink")
    .refine((value) => value === "" || isSafeUrl(value), {
      message: "Permalink must be an http(s) address or a path starting with /.",
    })
    .nullish()
    .transform((value) => value || null),
  is_active: z.boolean().default(true),
  display_order: z
    .union([z.number(), z.string().trim()])
    .default(0)
    .transform((value, ctx) => {
      const n = typeof value === "number" ? value : /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(n) || Math.abs(n) > 1_000_000) {
        ctx.addIssue({ code: "custom", message: "Display order must be a whole number." });
        return z.NEVER;
      }
      return n;
    }),
});

export const TagBatchBodySchema = z.object({
  batch_name: text({
    label: "Batch name",
    required: "Batch name is required.",
    max: 100,
    tooLong: "Batch name is at most 100 characters.",
    end: ".",
  }),
  description: optionalText(500, "Description"),
});

export type InstagramPostInput = z.input<typeof InstagramPostBodySchema>;
export type TagBatchInput = z.input<typeof TagBatchBodySchema>;

export type AdminGarment = {
  id: number;
  title: string;
  brand: string | null;
  garmentType: string | null;
  shortSlug: string;
  status: "unclaimed" | "claimed";
  isActive: boolean;
  createdAt: number;
  claimedAt: number | null;
  owner: { profileId: number | null; name: string; email: string | null } | null;
};

export type UnclaimedRow = {
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

export type UnclaimedPage = { rows: UnclaimedRow[]; page: number; pageSize: number; total: number };

export type ScanHistoryRow = {
  id: string;
  createdAt: number;
  slug: string | null;
  garment: { name: string; brand: string | null } | null;
  ownerName: string | null;
  viewerKind: string;
  /** 'tap', or 'missing' for a tap on a garment reported lost or stolen (the brand's sighting, issue #18). */
  scanType: string;
  /** Why a secure garment's tap was refused ('suspect' scans: counterfeit alerts, issue #21). */
  suspectReason: SuspectReason | null;
  city: string | null;
  country: string | null;
  browser: string | null;
};

/** `GET /api/admin/scans/recent?type=suspect`: only the counterfeit alerts. */
export const ScanHistoryQuerySchema = z.strictObject({
  type: z.literal("suspect", { error: "type is 'suspect' or absent." }).optional(),
});

export type AdminClient = { profileId: number; clientId: string; name: string; email: string | null };

export type InstagramPost = {
  id: number;
  image_url: string;
  caption: string | null;
  permalink: string | null;
  is_active: boolean;
  display_order: number;
};

export type TagBatch = {
  id: number;
  batch_name: string;
  description: string | null;
  created_at: number;
  total: number;
  programmed: number;
  active: number;
};

export type AuditEntry = {
  id: number;
  adminEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  createdAt: number;
};
