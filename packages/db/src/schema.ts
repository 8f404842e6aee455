import { ALERT_FREQUENCIES } from "@releve/core/crm/alerts";
import { TRANSFER_END_REASONS, TRANSFER_KINDS, TRANSFER_STATUSES } from "@releve/core/ownership/transfer";
import type { Care, Fibre } from "@releve/core/passport/product-rules";
import { ACTOR_KINDS } from "@releve/core/platform/events";
import { TAG_STATUSES } from "@releve/core/tags/rules";
import { SUSPECT_REASONS } from "@releve/core/tap/secure-tap";
import { relations, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const flag = (name: string) => integer(name, { mode: "boolean" });
const createdAt = () => timestamp("created_at").notNull().default(nowMs);
const updatedAt = () =>
  timestamp("updated_at")
    .notNull()
    .default(nowMs)
    .$onUpdate(() => new Date());
const serialId = () => integer("id").primaryKey({ autoIncrement: true });
const uuidId = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const authTokenPurposes = ["password_reset", "email_verification"] as const;
export const profileVisibilities = ["public", "private"] as const;
export const garmentStatuses = ["unclaimed", "claimed"] as const;
/** The spec's five, plus the registry's lifecycle (decision 0033): one list, in packages/core. */
export const nfcTagStatuses = TAG_STATUSES;
export const contactSources = ["nfc_share", "nfc_tap", "contact_card", "share_token"] as const;
export const viewerKinds = ["owner", "visitor", "anonymous"] as const;
/** 'missing': a tap on a garment whose tag was reported lost or stolen (issue #18), kept for the brand. */
export const scanTypes = ["tap", "contact_exchange", "missing", "suspect"] as const;
export const referralSources = ["instagram", "tiktok", "friend", "fashion-show", "press", "other"] as const;

export type AuthTokenPurpose = (typeof authTokenPurposes)[number];
export type ProfileVisibility = (typeof profileVisibilities)[number];
export type GarmentStatus = (typeof garmentStatuses)[number];
export type NfcTagStatus = (typeof nfcTagStatuses)[number];
export type ContactSource = (typeof contactSources)[number];
export type ViewerKind = (typeof viewerKinds)[number];
export type ScanType = (typeof scanTypes)[number];
export type ReferralSource = (typeof referralSources)[number];

export type NfcTagMetadata = {
  device_info?: Record<string, unknown>;
  write_error?: string;
  write_attempted_at?: string;
  clientId?: string;
  deepLink?: string;
  shareToken?: string;
  programmedBy?: string;
  programmingDate?: string;
  /** When the tag was made read-only (Web NFC makeReadOnly): permanent, so a reactivated tag is locked again. */
  lockedAt?: string;
};

export const users = sqliteTable(
  "users",
  {
    id: uuidId(),
    email: text("email").notNull(),
    password_hash: text("password_hash").notNull(),
    first_name: text("first_name"),
    last_name: text("last_name"),
    email_verified_at: timestamp("email_verified_at"),
    /** New-connection alerts (issue #33): each connection (a burst is one mail), a daily summary, or off. */
    alert_frequency: text("alert_frequency", { enum: ALERT_FREQUENCIES }).notNull().default("each"),
    /** When the last alert mail was claimed for sending: the burst window and the day's summary start here. */
    alerts_sent_at: timestamp("alerts_sent_at"),
    /**
     * The language pages and mails speak to this person (issue #34): their explicit choice, else
     * what their browser asked for when they first signed in; null before then (English).
     */
    locale: text("locale"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), check("users_email_lower_case", sql`email = lower(email)`)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires_at: timestamp("expires_at").notNull(),
    created_at: createdAt(),
    last_seen_at: timestamp("last_seen_at").notNull().default(nowMs),
    user_agent: text("user_agent"),
    ip: text("ip"),
    pending_claim_slug: text("pending_claim_slug"),
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id), index("sessions_expires_at_idx").on(t.expires_at)],
);

export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: uuidId(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: authTokenPurposes }).notNull(),
    token_hash: text("token_hash").notNull(),
    expires_at: timestamp("expires_at").notNull(),
    used_at: timestamp("used_at"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_tokens_token_hash_unique").on(t.token_hash),
    index("auth_tokens_user_id_idx").on(t.user_id),
  ],
);

export const authAttempts = sqliteTable(
  "auth_attempts",
  {
    id: serialId(),
    email: text("email"),
    ip: text("ip"),
    success: flag("success").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index("auth_attempts_email_created_at_idx").on(t.email, t.created_at),
    index("auth_attempts_ip_created_at_idx").on(t.ip, t.created_at),
  ],
);

export const adminUsers = sqliteTable(
  "admin_users",
  {
    id: serialId(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("admin"),
    is_active: flag("is_active").notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("admin_users_user_id_unique").on(t.user_id)],
);

export const wardrobeEvents = sqliteTable(
  "wardrobe_events",
  {
    id: serialId(),
    owner_user_id: text("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    location: text("location"),
    date: text("date"),
    is_active: flag("is_active").notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [index("wardrobe_events_owner_user_id_idx").on(t.owner_user_id)],
);

export const profiles = sqliteTable(
  "profiles",
  {
    id: serialId(),
    user_id: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    client_id: text("client_id")
      .notNull()
      .$defaultFn(() => crypto.randomUUID().replaceAll("-", "")),
    first_name: text("first_name"),
    last_name: text("last_name"),
    display_name: text("display_name"),
    email: text("email"),
    city_region: text("city_region"),
    /** What the owner does and where (issue #49): their card and its vCard (TITLE, ORG) show them. */
    job_title: text("job_title"),
    company: text("company"),
    bio: text("bio"),
    mobile_phone: text("mobile_phone"),
    website: text("website"),
    instagram: text("instagram"),
    linkedin: text("linkedin"),
    tiktok: text("tiktok"),
    facebook: text("facebook"),
    twitter: text("twitter"),
    share_email: flag("share_email").notNull().default(true),
    share_mobile: flag("share_mobile").notNull().default(false),
    share_website: flag("share_website").notNull().default(false),
    share_instagram: flag("share_instagram").notNull().default(false),
    share_linkedin: flag("share_linkedin").notNull().default(false),
    share_tiktok: flag("share_tiktok").notNull().default(false),
    share_facebook: flag("share_facebook").notNull().default(false),
    share_twitter: flag("share_twitter").notNull().default(false),
    nfc_sharing_enabled: flag("nfc_sharing_enabled").notNull().default(true),
    profile_visibility: text("profile_visibility", { enum: profileVisibilities }).notNull().default("public"),
    active_event_id: integer("active_event_id").references(() => wardrobeEvents.id, {
      onDelete: "set null",
    }),
    profile_complete: flag("profile_complete").notNull().default(false),
    onboarded_at: timestamp("onboarded_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_user_id_unique").on(t.user_id),
    uniqueIndex("profiles_client_id_unique").on(t.client_id),
  ],
);

/**
 * A product (a model the brand makes; issue #31): what a garment's passport says of it. Its GTIN
 * is the product's part of every garment's GS1 Digital Link; composition and care are JSON of the
 * shapes packages/core/src/passport/product-rules.ts checks.
 */
export const products = sqliteTable(
  "products",
  {
    id: serialId(),
    gtin: text("gtin").notNull(),
    name: text("name").notNull(),
    garment_type: text("garment_type"),
    description: text("description"),
    /** The brand's product photo in R2 (an unguessable key), and its size. */
    photo_key: text("photo_key"),
    photo_width: integer("photo_width"),
    photo_height: integer("photo_height"),
    composition: text("composition", { mode: "json" }).$type<Fibre[]>().notNull().default(sql`'[]'`),
    country_of_making: text("country_of_making"),
    care: text("care", { mode: "json" }).$type<Care>().notNull().default(sql`'{}'`),
    services_text: text("services_text"),
    services_url: text("services_url"),
    recycled_percent: integer("recycled_percent"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_gtin_unique").on(t.gtin),
    index("products_photo_key_idx").on(t.photo_key),
    check("products_recycled_percent_range", sql`recycled_percent IS NULL OR recycled_percent BETWEEN 0 AND 100`),
  ],
);

export const garments = sqliteTable(
  "garments",
  {
    id: serialId(),
    name: text("name"),
    title: text("title"),
    brand: text("brand"),
    garment_type: text("garment_type"),
    color: text("color"),
    size: text("size"),
    sku: text("sku"),
    style: text("style"),
    status: text("status", { enum: garmentStatuses }).notNull().default("unclaimed"),
    tag_uuid: text("tag_uuid"),
    short_slug: text("short_slug").notNull(),
    nfc_chip_id: text("nfc_chip_id"),
    owner_user_id: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    owner_profile_id: integer("owner_profile_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    ownership_status: text("ownership_status"),
    is_active: flag("is_active").notNull().default(true),
    claimed_at: timestamp("claimed_at"),
    created_at: createdAt(),
    purchase_date: text("purchase_date"),
    programmed_at: timestamp("programmed_at"),
    programmed_by_admin_id: integer("programmed_by_admin_id").references(() => adminUsers.id, {
      onDelete: "set null",
    }),
    /**
     * Programmed into the pre-encoded pool (issue #19): the brand left name, size and the rest
     * to the first owner who registers it; false again once they have.
     */
    pool: flag("pool").notNull().default(false),
    /** The garment's photo in R2 (issue #19): an unguessable key, and the stored image's size. */
    photo_key: text("photo_key"),
    photo_width: integer("photo_width"),
    photo_height: integer("photo_height"),
    /** A card-size rendition of the same photo (at most PHOTO_CARD_EDGE a side) for the share card and the wardrobe grid; null without one. */
    photo_card_key: text("photo_card_key"),
    /** Whether visitors see the photo on the share card; the owner's choice, off by default. */
    photo_public: flag("photo_public").notNull().default(false),
    /** The product (model) it is one of (issue #31): its GTIN makes the garment's Digital Link. */
    product_id: integer("product_id").references(() => products.id),
    /**
     * How the owner change written in the same UPDATE came about (OWNERSHIP_CHANGES, issue #32):
     * the ownership_periods trigger reads it into the period it opens or closes, then clears it.
     */
    owner_via: text("owner_via"),
  },
  (t) => [
    uniqueIndex("garments_short_slug_unique").on(t.short_slug),
    // GET /photos/<key> finds the garment a photo belongs to (issue #28): who may see it, and how it is cached.
    index("garments_photo_key_idx").on(t.photo_key),
    index("garments_photo_card_key_idx").on(t.photo_card_key),
    uniqueIndex("garments_tag_uuid_unique").on(t.tag_uuid),
    index("garments_nfc_chip_id_idx").on(t.nfc_chip_id),
    index("garments_owner_user_id_idx").on(t.owner_user_id),
    index("garments_owner_profile_id_idx").on(t.owner_profile_id),
    index("garments_created_at_idx").on(t.created_at),
    // The admin's claimed and unclaimed lists, newest first, paged by (created_at, id) (issue #30).
    index("garments_status_created_at_idx").on(t.status, t.created_at, t.id),
    // A product's garments: the count the Products list shows, and a product's passports export.
    index("garments_product_id_idx").on(t.product_id, t.id),
  ],
);

/**
 * Who owned a garment when (issue #32): one period per owner in turn, the open one (no end) the
 * current owner's. Written only by triggers on garments (migration 0016), so every change of
 * `owner_user_id` (a claim, a registration, a reassign, a release, an account deleted) opens and
 * closes periods in the same statement; `started_how` and `ended_how` from `garments.owner_via`.
 */
export const ownershipPeriods = sqliteTable(
  "ownership_periods",
  {
    id: serialId(),
    garment_id: integer("garment_id")
      .notNull()
      .references(() => garments.id, { onDelete: "cascade" }),
    // Kept when the account goes: the period stays (its owner unknown), so the count of owners holds.
    owner_user_id: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    started_at: timestamp("started_at").notNull(),
    started_how: text("started_how").notNull(),
    ended_at: timestamp("ended_at"),
    ended_how: text("ended_how"),
  },
  (t) => [
    index("ownership_periods_garment_idx").on(t.garment_id, t.started_at),
    uniqueIndex("ownership_periods_open_unique").on(t.garment_id).where(sql`ended_at IS NULL`),
    index("ownership_periods_owner_idx").on(t.owner_user_id),
  ],
);

/**
 * A garment's handing over to a next owner (issue #32): a transfer link its owner made
 * (`kind` 'link'; its token is the row's id under an HMAC, nothing secret stored) or a request a
 * would-be owner sent (`kind` 'request'). A pending row past `expires_at` reads as expired (a link)
 * or declined by silence (a request). Any change of the garment's owner, and a report of its tag
 * lost or stolen, cancels its pending rows by trigger (migration 0017), whichever command made
 * it. The rows are the record of every step: made, answered, cancelled, by whom and when.
 */
export const ownershipTransfers = sqliteTable(
  "ownership_transfers",
  {
    id: serialId(),
    garment_id: integer("garment_id")
      .notNull()
      .references(() => garments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: TRANSFER_KINDS }).notNull(),
    /** The owner when it was made: a link's maker, a request's addressee. */
    from_user_id: text("from_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A request's sender; a link's taker once accepted. */
    to_user_id: text("to_user_id").references(() => users.id, { onDelete: "set null" }),
    /** A request's optional note to the owner (TRANSFER_REQUEST_MESSAGE_MAX). */
    message: text("message"),
    status: text("status", { enum: TRANSFER_STATUSES }).notNull().default("pending"),
    /** Why a cancelled one ended (TRANSFER_END_REASONS); 'timeout' never: silence is read from expires_at. */
    end_reason: text("end_reason", { enum: TRANSFER_END_REASONS }),
    created_at: createdAt(),
    expires_at: timestamp("expires_at").notNull(),
    decided_at: timestamp("decided_at"),
  },
  (t) => [
    // One live link per garment; a new one cancels the old in the same batch.
    uniqueIndex("ownership_transfers_link_unique").on(t.garment_id).where(sql`kind = 'link' AND status = 'pending'`),
    // One pending request per requester and garment.
    uniqueIndex("ownership_transfers_request_unique")
      .on(t.garment_id, t.to_user_id)
      .where(sql`kind = 'request' AND status = 'pending'`),
    // An owner's requests to answer (the dashboard's banner).
    index("ownership_transfers_from_idx").on(t.from_user_id, t.status),
    index("ownership_transfers_to_idx").on(t.to_user_id),
  ],
);

export const nfcTagBatches = sqliteTable("nfc_tag_batches", {
  id: serialId(),
  batch_name: text("batch_name").notNull(),
  description: text("description"),
  active_tags: integer("active_tags").notNull().default(0),
  programmed_tags: integer("programmed_tags").notNull().default(0),
  total_tags: integer("total_tags").notNull().default(0),
  created_at: createdAt(),
});

export const nfcTags = sqliteTable(
  "nfc_tags",
  {
    id: serialId(),
    chip_id: text("chip_id").notNull(),
    encrypted_chip_id: text("encrypted_chip_id"),
    security_signature: text("security_signature"),
    tag_type: text("tag_type").notNull().default("NTAG213"),
    batch_id: integer("batch_id").references(() => nfcTagBatches.id, { onDelete: "set null" }),
    physical_location: text("physical_location"),
    metadata: text("metadata", { mode: "json" }).$type<NfcTagMetadata>(),
    status: text("status", { enum: nfcTagStatuses }).notNull().default("uninitialized"),
    owner_user_id: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    garment_id: integer("garment_id").references(() => garments.id, { onDelete: "set null" }),
    tag_uuid: text("tag_uuid"),
    /** The chip's serial number (NFC UID) as upper-case hex without separators; one physical chip, one row. */
    uid: text("uid"),
    /**
     * Set only for an NTAG 424 DNA registered as secure (issue #21): the SUN key version its
     * encoder configured; its taps must then verify (with `uid`). The keys live in Worker secrets.
     */
    sun_key_version: integer("sun_key_version"),
    /** When a write of this tag's record succeeded (programmer or encoder import); null until then. */
    programmed_at: timestamp("programmed_at"),
    claimed_at: timestamp("claimed_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("nfc_tags_chip_id_unique").on(t.chip_id),
    uniqueIndex("nfc_tags_uid_unique").on(t.uid),
    index("nfc_tags_status_idx").on(t.status),
    index("nfc_tags_tag_uuid_idx").on(t.tag_uuid),
    index("nfc_tags_owner_user_id_idx").on(t.owner_user_id),
    index("nfc_tags_batch_id_idx").on(t.batch_id),
    index("nfc_tags_garment_id_idx").on(t.garment_id),
  ],
);

export const events = sqliteTable(
  "events",
  {
    id: serialId(),
    name: text("name").notNull(),
    datetime: timestamp("datetime"),
    is_active: flag("is_active").notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [index("events_is_active_datetime_idx").on(t.is_active, t.datetime)],
);

export const contacts = sqliteTable(
  "contacts",
  {
    id: serialId(),
    owner_user_id: text("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    garment_id: integer("garment_id").references(() => garments.id, { onDelete: "set null" }),
    event_id: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    wardrobe_event_id: integer("wardrobe_event_id").references(() => wardrobeEvents.id, {
      onDelete: "set null",
    }),
    first_name: text("first_name"),
    last_name: text("last_name"),
    email: text("email"),
    phone: text("phone"),
    notes: text("notes"),
    instagram: text("instagram"),
    linkedin: text("linkedin"),
    tiktok: text("tiktok"),
    facebook: text("facebook"),
    consent_data_collection: flag("consent_data_collection").notNull().default(true),
    consent_marketing: flag("consent_marketing").notNull().default(false),
    consent_event_updates: flag("consent_event_updates").notNull().default(true),
    tag_uuid: text("tag_uuid"),
    contact_source: text("contact_source", { enum: contactSources }).notNull(),
    contacted_at: timestamp("contacted_at"),
    contact_notes: text("contact_notes"),
    /**
     * A public form's submission (issue #28): the hash of what was sent, to which owner, through
     * which door. A repeat of the same submission within CONTACT_REPEAT_WINDOW_MS stores nothing
     * more; an older one's key is cleared when a new one arrives, so the index stays unique.
     */
    submission_key: text("submission_key"),
    created_at: createdAt(),
  },
  (t) => [
    index("contacts_owner_user_id_created_at_idx").on(t.owner_user_id, t.created_at),
    uniqueIndex("contacts_owner_submission_unique").on(t.owner_user_id, t.submission_key),
    index("contacts_garment_id_idx").on(t.garment_id),
    // A garment's contacts, newest first, a page at a time (issue #30).
    index("contacts_owner_garment_created_at_idx").on(t.owner_user_id, t.garment_id, t.created_at, t.id),
    index("contacts_wardrobe_event_id_idx").on(t.wardrobe_event_id),
    index("contacts_event_id_idx").on(t.event_id),
  ],
);

/**
 * What an owner has not yet been told of (issue #33): a contact left for them, or a transfer
 * request. Rows are written by triggers on contacts and ownership_transfers (migration 0018), so
 * no door that files a contact can forget one; they go with the contact or request they name.
 * `sent_at` is set when a mail carrying them is claimed (or when the owner turns alerts off).
 */
export const ownerAlerts = sqliteTable(
  "owner_alerts",
  {
    id: serialId(),
    owner_user_id: text("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contact_id: integer("contact_id").references(() => contacts.id, { onDelete: "cascade" }),
    transfer_id: integer("transfer_id").references(() => ownershipTransfers.id, { onDelete: "cascade" }),
    created_at: createdAt(),
    sent_at: timestamp("sent_at"),
  },
  (t) => [
    index("owner_alerts_pending_idx").on(t.owner_user_id, t.sent_at),
    index("owner_alerts_contact_id_idx").on(t.contact_id),
    index("owner_alerts_transfer_id_idx").on(t.transfer_id),
  ],
);

export const scans = sqliteTable(
  "scans",
  {
    id: text("id").primaryKey(),
    garment_id: integer("garment_id").references(() => garments.id, { onDelete: "set null" }),
    owner_user_id: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    short_slug: text("short_slug"),
    tag_uuid: text("tag_uuid"),
    wardrobe_event_id: integer("wardrobe_event_id").references(() => wardrobeEvents.id, {
      onDelete: "set null",
    }),
    viewer_kind: text("viewer_kind", { enum: viewerKinds }).notNull(),
    scan_type: text("scan_type", { enum: scanTypes }).notNull().default("tap"),
    /** Why a secure garment's tap was refused (scan_type 'suspect', issue #21); null otherwise. */
    suspect_reason: text("suspect_reason", { enum: SUSPECT_REASONS }),
    city: text("city"),
    country: text("country"),
    browser: text("browser"),
    os: text("os"),
    device_type: text("device_type"),
    created_at: createdAt(),
  },
  (t) => [
    index("scans_garment_id_created_at_idx").on(t.garment_id, t.created_at),
    index("scans_owner_user_id_created_at_idx").on(t.owner_user_id, t.created_at),
    index("scans_wardrobe_event_id_idx").on(t.wardrobe_event_id),
    index("scans_created_at_idx").on(t.created_at),
    // The admin's counterfeit alerts: the newest suspect taps (issue #21).
    index("scans_scan_type_created_at_idx").on(t.scan_type, t.created_at),
  ],
);

export const scanDailyStats = sqliteTable(
  "scan_daily_stats",
  {
    id: serialId(),
    day: text("day").notNull(),
    garment_id: integer("garment_id").notNull().default(0),
    owner_user_id: text("owner_user_id").notNull().default(""),
    wardrobe_event_id: integer("wardrobe_event_id").notNull().default(0),
    scans: integer("scans").notNull().default(0),
    owner_scans: integer("owner_scans").notNull().default(0),
    visitor_scans: integer("visitor_scans").notNull().default(0),
    anonymous_scans: integer("anonymous_scans").notNull().default(0),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("scan_daily_stats_key_unique").on(t.day, t.garment_id, t.owner_user_id, t.wardrobe_event_id),
    index("scan_daily_stats_owner_user_id_day_idx").on(t.owner_user_id, t.day),
    index("scan_daily_stats_garment_id_day_idx").on(t.garment_id, t.day),
    // Per-event figures (events page, an event's chart, conversion per event): issue #8.
    index("scan_daily_stats_owner_event_day_idx").on(t.owner_user_id, t.wardrobe_event_id, t.day),
  ],
);

/**
 * The visitors' scans per UTC day, owner and city or browser (issue #30): what the analytics
 * page's top cities and browsers sum, rolled up with scan_daily_stats by the same run and the
 * same watermark (a scan is in both or in neither). Owners' own scans are not counted here.
 */
export const scanDailyDimensions = sqliteTable(
  "scan_daily_dimensions",
  {
    id: serialId(),
    day: text("day").notNull(),
    owner_user_id: text("owner_user_id").notNull().default(""),
    dimension: text("dimension", { enum: ["city", "browser"] }).notNull(),
    value: text("value").notNull(),
    scans: integer("scans").notNull().default(0),
  },
  (t) => [uniqueIndex("scan_daily_dimensions_key_unique").on(t.owner_user_id, t.dimension, t.day, t.value)],
);

/**
 * Counts kept, not counted (issue #30): how many rows of a kind exist (`day` '') and how many
 * were made on each UTC day. Kinds: 'garments', 'garments:claimed', 'garments:unclaimed'
 * (all time only) and 'profiles'. Kept by triggers (migration 0011) on every insert, delete,
 * status change and created_at change, so every write keeps them true, whoever makes it.
 */
export const rowCounts = sqliteTable(
  "row_counts",
  {
    kind: text("kind").notNull(),
    day: text("day").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day] })],
);

export const jobWatermarks = sqliteTable("job_watermarks", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updated_at: updatedAt(),
});

export const instagramPosts = sqliteTable(
  "instagram_posts",
  {
    id: serialId(),
    image_url: text("image_url").notNull(),
    caption: text("caption"),
    permalink: text("permalink"),
    is_active: flag("is_active").notNull().default(true),
    display_order: integer("display_order").notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("instagram_posts_is_active_display_order_idx").on(t.is_active, t.display_order)],
);

export const earlyAccessEntries = sqliteTable(
  "early_access_entries",
  {
    id: serialId(),
    full_name: text("full_name").notNull(),
    email: text("email").notNull(),
    referral_source: text("referral_source", { enum: referralSources }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("early_access_entries_email_unique").on(t.email),
    check("early_access_entries_email_lower_case", sql`email = lower(email)`),
  ],
);

/**
 * Sliding-window rate limits kept in D1 (isolates share no memory): one row per counted
 * event, keyed by a bucket name and an opaque key (a hashed IP, an owner id).
 */
export const rateEvents = sqliteTable(
  "rate_events",
  {
    id: serialId(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("rate_events_bucket_key_created_at_idx").on(t.bucket, t.key, t.created_at)],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: serialId(),
    to_address: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text_body: text("text_body").notNull(),
    html_body: text("html_body"),
    /** The mail's own headers as JSON (List-Unsubscribe on alerts), null when it has none. */
    headers: text("headers"),
    kind: text("kind"),
    created_at: createdAt(),
    sent_at: timestamp("sent_at"),
  },
  (t) => [index("email_outbox_created_at_idx").on(t.created_at)],
);

/**
 * Every admin mutation (issue #9): who, what, on which record, the record before and after.
 * Written in the same D1 batch as the change it describes, so neither exists without the other.
 */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: serialId(),
    admin_user_id: text("admin_user_id").references(() => users.id, { onDelete: "set null" }),
    admin_email: text("admin_email").notNull(),
    action: text("action").notNull(),
    target_type: text("target_type").notNull(),
    target_id: text("target_id"),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    created_at: createdAt(),
    /** The domain event of the same change (issue #48): the activity list reads events and finds their before and after here. Null on rows older than the event log. */
    event_id: text("event_id"),
  },
  (t) => [
    index("admin_audit_log_created_at_idx").on(t.created_at),
    index("admin_audit_log_event_id_idx").on(t.event_id),
  ],
);

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(profiles),
  adminUser: one(adminUsers),
  sessions: many(sessions),
  authTokens: many(authTokens),
  garments: many(garments),
  nfcTags: many(nfcTags),
  wardrobeEvents: many(wardrobeEvents),
  contacts: many(contacts),
  scans: many(scans),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.user_id], references: [users.id] }),
}));

export const authTokensRelations = relations(authTokens, ({ one }) => ({
  user: one(users, { fields: [authTokens.user_id], references: [users.id] }),
}));

export const adminUsersRelations = relations(adminUsers, ({ one, many }) => ({
  user: one(users, { fields: [adminUsers.user_id], references: [users.id] }),
  programmedGarments: many(garments),
}));

export const profilesRelations = relations(profiles, ({ one, many }) => ({
  user: one(users, { fields: [profiles.user_id], references: [users.id] }),
  activeEvent: one(wardrobeEvents, {
    fields: [profiles.active_event_id],
    references: [wardrobeEvents.id],
  }),
  garments: many(garments),
}));

export const wardrobeEventsRelations = relations(wardrobeEvents, ({ one, many }) => ({
  owner: one(users, { fields: [wardrobeEvents.owner_user_id], references: [users.id] }),
  contacts: many(contacts),
  scans: many(scans),
}));

export const garmentsRelations = relations(garments, ({ one, many }) => ({
  owner: one(users, { fields: [garments.owner_user_id], references: [users.id] }),
  ownerProfile: one(profiles, {
    fields: [garments.owner_profile_id],
    references: [profiles.id],
  }),
  programmedBy: one(adminUsers, {
    fields: [garments.programmed_by_admin_id],
    references: [adminUsers.id],
  }),
  nfcTags: many(nfcTags),
  contacts: many(contacts),
  scans: many(scans),
}));

export const nfcTagBatchesRelations = relations(nfcTagBatches, ({ many }) => ({
  tags: many(nfcTags),
}));

export const nfcTagsRelations = relations(nfcTags, ({ one }) => ({
  batch: one(nfcTagBatches, { fields: [nfcTags.batch_id], references: [nfcTagBatches.id] }),
  owner: one(users, { fields: [nfcTags.owner_user_id], references: [users.id] }),
  garment: one(garments, { fields: [nfcTags.garment_id], references: [garments.id] }),
}));

export const eventsRelations = relations(events, ({ many }) => ({
  contacts: many(contacts),
}));

export const contactsRelations = relations(contacts, ({ one }) => ({
  owner: one(users, { fields: [contacts.owner_user_id], references: [users.id] }),
  garment: one(garments, { fields: [contacts.garment_id], references: [garments.id] }),
  event: one(events, { fields: [contacts.event_id], references: [events.id] }),
  wardrobeEvent: one(wardrobeEvents, {
    fields: [contacts.wardrobe_event_id],
    references: [wardrobeEvents.id],
  }),
}));

export const scansRelations = relations(scans, ({ one }) => ({
  garment: one(garments, { fields: [scans.garment_id], references: [garments.id] }),
  owner: one(users, { fields: [scans.owner_user_id], references: [users.id] }),
  wardrobeEvent: one(wardrobeEvents, {
    fields: [scans.wardrobe_event_id],
    references: [wardrobeEvents.id],
  }),
}));

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type AuthToken = typeof authTokens.$inferSelect;
export type NewAuthToken = typeof authTokens.$inferInsert;
export type AuthAttempt = typeof authAttempts.$inferSelect;
export type NewAuthAttempt = typeof authAttempts.$inferInsert;
/**
 * The domain event log (issue #48, decision 0065): one row per change, written in the change's
 * own D1 batch (the transactional outbox). The id is a UUIDv7, so ids sort by time. No foreign
 * keys: an event outlives the rows it names. `delivered_at` is set once every consumer of its
 * type has run; the cron's sweep queues again what stayed undelivered.
 */
export const domainEvents = sqliteTable(
  "domain_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    garment_id: integer("garment_id"),
    product_id: integer("product_id"),
    tag_id: integer("tag_id"),
    actor_kind: text("actor_kind", { enum: ACTOR_KINDS }).notNull(),
    /** A client's or staff member's user id; null for a visitor, the system, or a deleted account. */
    actor_id: text("actor_id"),
    /** The person the change concerns besides the actor; null once their account is deleted. */
    person_id: text("person_id"),
    occurred_at: timestamp("occurred_at").notNull(),
    payload: text("payload", { mode: "json" }).notNull(),
    delivered_at: timestamp("delivered_at"),
  },
  (t) => [
    index("domain_events_type_idx").on(t.type, t.id),
    index("domain_events_garment_id_idx").on(t.garment_id),
    index("domain_events_actor_id_idx").on(t.actor_id),
    index("domain_events_person_id_idx").on(t.person_id),
    index("domain_events_undelivered_idx").on(t.occurred_at).where(sql`delivered_at IS NULL`),
  ],
);

/**
 * Each consumer's delivery of an event: done once (consumers are idempotent on the event id),
 * its attempts and last error while it fails, and when it was dead-lettered after its retries.
 */
export const eventDeliveries = sqliteTable(
  "event_deliveries",
  {
    event_id: text("event_id")
      .notNull()
      .references(() => domainEvents.id, { onDelete: "cascade" }),
    consumer: text("consumer").notNull(),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    done_at: timestamp("done_at"),
    dead_at: timestamp("dead_at"),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.event_id, t.consumer] }),
    index("event_deliveries_dead_idx").on(t.dead_at).where(sql`dead_at IS NOT NULL`),
  ],
);

export type AdminUser = typeof adminUsers.$inferSelect;
export type NewAdminUser = typeof adminUsers.$inferInsert;
export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
export type Garment = typeof garments.$inferSelect;
export type NewGarment = typeof garments.$inferInsert;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type NfcTagBatch = typeof nfcTagBatches.$inferSelect;
export type NewNfcTagBatch = typeof nfcTagBatches.$inferInsert;
export type NfcTag = typeof nfcTags.$inferSelect;
export type NewNfcTag = typeof nfcTags.$inferInsert;
export type BrandEvent = typeof events.$inferSelect;
export type NewBrandEvent = typeof events.$inferInsert;
export type WardrobeEvent = typeof wardrobeEvents.$inferSelect;
export type NewWardrobeEvent = typeof wardrobeEvents.$inferInsert;
export type Contact = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;
export type Scan = typeof scans.$inferSelect;
export type NewScan = typeof scans.$inferInsert;
export type ScanDailyStat = typeof scanDailyStats.$inferSelect;
export type NewScanDailyStat = typeof scanDailyStats.$inferInsert;
export type JobWatermark = typeof jobWatermarks.$inferSelect;
export type NewJobWatermark = typeof jobWatermarks.$inferInsert;
export type InstagramPost = typeof instagramPosts.$inferSelect;
export type NewInstagramPost = typeof instagramPosts.$inferInsert;
export type EarlyAccessEntry = typeof earlyAccessEntries.$inferSelect;
export type NewEarlyAccessEntry = typeof earlyAccessEntries.$inferInsert;
export type EmailOutboxEntry = typeof emailOutbox.$inferSelect;
export type NewEmailOutboxEntry = typeof emailOutbox.$inferInsert;
export type DomainEventRow = typeof domainEvents.$inferSelect;
export type EventDelivery = typeof eventDeliveries.$inferSelect;
