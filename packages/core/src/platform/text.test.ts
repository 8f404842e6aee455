import { describe, expect, it } from "vitest";
import { LoginSchema, ResetPasswordSchema, SignupSchema } from "../accounts/auth";
import { ProfileSchema } from "../accounts/profile";
import { ContactsQuerySchema, CreateEventSchema, MarkContactedSchema } from "../crm/rules";
import { LinkTestBodySchema, UrlSuiteBodySchema } from "../qa/contracts";
import { ContactFormSchema, GuestContactSchema } from "../sharing/contact";
import { InstagramPostBodySchema } from "../site/contracts";
import { EarlyAccessSchema } from "../site/early-access";
import {
  BatchImportBodySchema,
  BatchProgramBodySchema,
  BrandEventBodySchema,
  CreateClientBodySchema,
  GuestCaptureBodySchema,
  ProgramTagBodySchema,
  TagActionBodySchema,
  TagBatchBodySchema,
  TagListQuerySchema,
  TagLookupQuerySchema,
  WriteResultBodySchema,
} from "../tags/contracts";
import { GarmentRegistrationSchema, tapRegistrationSchema } from "../wardrobe/registration";
import { ListQuerySchema } from "./admin-api";
import { cleanText, findLoneSurrogate, TEXT_MESSAGES, textLength } from "./text";
import { text } from "./text-field";

const HIGH = "\ud800";
const LOW = "\udc00";
const DRESS = "👗"; // U+1F457: one character, two UTF-16 units

describe("the one text rule (issue #28, decision 0042)", () => {
  it.each([
    ["a lone high surrogate", `a${HIGH}b`],
    ["a lone low surrogate", `a${LOW}b`],
    ["a high surrogate at the end", `ab${HIGH}`],
    ["a low surrogate before a high one", `${LOW}${HIGH}`],
    ["half an emoji", DRESS.slice(0, 1)],
  ])("refuses %s as malformed", (_label, raw) => {
    expect(cleanText(raw)).toEqual({ ok: false, problem: "malformed" });
    expect(cleanText(raw, { multiline: true })).toEqual({ ok: false, problem: "malformed" });
  });

  it("keeps valid surrogate pairs: emoji, flags, ZWJ sequences, CJK extension B", () => {
    for (const value of [DRESS, "🇫🇷", "👩🏽‍💻", "𠀀", `${HIGH}${LOW}`]) {
      expect(cleanText(` ${value} `)).toEqual({ ok: true, value });
    }
  });

  it("normalises to NFC: e + combining acute is é", () => {
    const result = cleanText("Ame\u0301lie");
    expect(result).toEqual({ ok: true, value: "Amélie" });
    expect(result.ok && result.value.length).toBe(6);
    expect(cleanText("\u212b")).toEqual({ ok: true, value: "\u00c5" }); // ANGSTROM SIGN is Å
  });

  it("trims, after normalising", () => {
    expect(cleanText("  \t Inès \n ")).toEqual({ ok: true, value: "Inès" });
    expect(cleanText("\u00a0\ufeffRelevé\u3000")).toEqual({ ok: true, value: "Relevé" });
    expect(cleanText("   ")).toEqual({ ok: true, value: "" });
  });

  it.each([
    ["NUL", "a\u0000b"],
    ["BEL", "a\u0007b"],
    ["ESC", "a\u001b[31mb"],
    ["DEL", "a\u007fb"],
    ["a C1 control (NEL)", "a\u0085b"],
    ["a C1 control (CSI)", "a\u009bb"],
    ["a vertical tab", "a\u000bb"],
  ])("refuses %s in any field", (_label, raw) => {
    expect(cleanText(raw)).toEqual({ ok: false, problem: "control" });
    expect(cleanText(raw, { multiline: true })).toEqual({ ok: false, problem: "control" });
  });

  it("refuses line breaks and tabs inside a single-line field", () => {
    for (const raw of ["a\nb", "a\r\nb", "a\rb", "a\tb", "a\u2028b", "a\u2029b"]) {
      expect(cleanText(raw), JSON.stringify(raw)).toEqual({ ok: false, problem: "control" });
    }
  });

  it("keeps LF and TAB in a multi-line field, every line break made LF", () => {
    expect(cleanText("one\r\ntwo\rthree\u2028four\u2029five\n\tsix", { multiline: true })).toEqual({
      ok: true,
      value: "one\ntwo\nthree\nfour\nfive\n\tsix",
    });
  });

  it("counts characters as code points", () => {
    expect(textLength(DRESS.repeat(10))).toBe(10);
    expect(DRESS.repeat(10).length).toBe(20);
    expect(textLength("é")).toBe(1);
    expect(textLength("")).toBe(0);
  });

  it("finds the first lone surrogate in a parsed JSON body, keys included", () => {
    expect(findLoneSurrogate({ a: "ok", b: [1, "x", { c: `z${HIGH}` }] })).toEqual(["b", 2, "c"]);
    expect(findLoneSurrogate({ [`k${LOW}`]: 1 })).toEqual([`k${LOW}`]);
    expect(findLoneSurrogate(LOW)).toEqual([]);
    expect(findLoneSurrogate({ a: DRESS, b: null, c: 3, d: true })).toBeNull();
  });
});

describe("text(), the rule as a zod field", () => {
  const name = text({ label: "Name", max: 10, required: "Name is required." });

  it("outputs the cleaned value", () => {
    expect(name.parse("  Ame\u0301lie ")).toBe("Amélie");
  });

  it("fits 10 emoji in a 10-character field, and refuses 11", () => {
    expect(name.parse(DRESS.repeat(10))).toBe(DRESS.repeat(10));
    expect(name.safeParse(DRESS.repeat(11)).error?.issues[0]?.message).toBe("Name must be at most 10 characters");
  });

  it("measures the length after normalising: 10 decomposed é fit", () => {
    expect(name.parse("e\u0301".repeat(10))).toBe("é".repeat(10));
  });

  it("names the field in its refusals", () => {
    expect(name.safeParse(`a${HIGH}`).error?.issues.map((i) => i.message)).toEqual([TEXT_MESSAGES.malformed("Name")]);
    expect(TEXT_MESSAGES.malformed("Name")).toContain("Name");
    expect(name.safeParse("a\u0000").error?.issues[0]?.message).toBe(TEXT_MESSAGES.control("Name"));
    expect(name.safeParse("  ").error?.issues[0]?.message).toBe("Name is required.");
    expect(text({ label: "Bio", multiline: true, end: "." }).safeParse("\u0007").error?.issues[0]?.message).toBe(
      "Bio must not contain control characters.",
    );
  });

  it("reads an absent field as empty only when asked", () => {
    expect(text({ label: "Bio", absentAsEmpty: true }).parse(undefined)).toBe("");
    expect(text({ label: "Bio", typeError: "Bio is required" }).safeParse(undefined).error?.issues[0]?.message).toBe(
      "Bio is required",
    );
  });
});

/** Every text field of every schema, each with a valid body to put a lone surrogate into. */
const FIELDS: Array<[string, { safeParse(v: unknown): { success: boolean; error?: unknown } }, object, string[]]> = [
  ["ProgramTag", ProgramTagBodySchema, { name: "Coat", garment_type: "Jacket" }, ["name", "color", "sku"]],
  ["WriteResult (error)", WriteResultBodySchema, { ok: false, error: "NFC lost" }, ["error"]],
  ["WriteResult (uid)", WriteResultBodySchema, { ok: true, uid: "04A23B4C5D6E7F" }, ["uid"]],
  ["TagAction", TagActionBodySchema, { action: "deactivate", reason: "lost" }, ["reason"]],
  ["BatchProgram", BatchProgramBodySchema, { garment_type: "Dress", count: 1 }, ["name", "color", "sku_prefix"]],
  ["BatchImport", BatchImportBodySchema, { csv: "uid,slug" }, ["csv"]],
  [
    "CreateClient",
    CreateClientBodySchema,
    { first_name: "A", last_name: "B", email: "a@b.co" },
    ["first_name", "last_name", "email"],
  ],
  ["BrandEvent", BrandEventBodySchema, { name: "Gala" }, ["name"]],
  [
    "GuestCapture",
    GuestCaptureBodySchema,
    { client_id: 1, first_name: "A", last_name: "B", email: "a@b.co", phone: "+33611223344", notes: "n" },
    ["first_name", "last_name", "email", "phone", "notes"],
  ],
  ["TagList query", TagListQuerySchema, { q: "coat" }, ["q"]],
  ["TagLookup query", TagLookupQuerySchema, { slug: "mb-001" }, ["slug"]],
  ["TagLookup query (chip)", TagLookupQuerySchema, { chip_id: "RLV-1" }, ["chip_id"]],
  ["TagBatch", TagBatchBodySchema, { batch_name: "Autumn", description: "d" }, ["batch_name", "description"]],
  [
    "InstagramPost",
    InstagramPostBodySchema,
    { image_url: "/a.jpg", caption: "c", permalink: "https://x.example/p" },
    ["image_url", "caption", "permalink"],
  ],
  ["List query", ListQuerySchema, { q: "x" }, ["q"]],
  ["LinkTest", LinkTestBodySchema, { slug: "mb-001", viewer: "visitor" }, ["slug"]],
  ["UrlSuite", UrlSuiteBodySchema, { slug: "mb-001" }, ["slug"]],
  ["Login", LoginSchema, { email: "a@b.co", password: "x".repeat(12) }, ["email", "password"]],
  [
    "Signup",
    SignupSchema,
    { firstName: "A", lastName: "B", email: "a@b.co", password: "x".repeat(12), confirmPassword: "x".repeat(12) },
    ["firstName", "lastName", "email", "password"],
  ],
  [
    "ResetPassword",
    ResetPasswordSchema,
    { token: "t", password: "x".repeat(12), confirmPassword: "x".repeat(12) },
    ["token"],
  ],
  [
    "ContactForm",
    ContactFormSchema,
    { first_name: "A", email: "a@b.co" },
    ["first_name", "last_name", "email", "phone", "instagram", "linkedin", "notes"],
  ],
  ["GuestContact", GuestContactSchema, { guest_name: "A" }, ["guest_name", "phone", "instagram", "linkedin"]],
  ["ContactsQuery", ContactsQuerySchema, {}, ["q"]],
  ["MarkContacted", MarkContactedSchema, { contactId: "1" }, ["notes"]],
  ["CreateEvent", CreateEventSchema, { name: "Gala" }, ["name", "description", "location", "date"]],
  ["EarlyAccess", EarlyAccessSchema, { full_name: "A", email: "a@b.co" }, ["full_name", "email"]],
  [
    "Profile",
    ProfileSchema,
    { first_name: "A", last_name: "B" },
    ["first_name", "last_name", "display_name", "bio", "city_region", "mobile_phone", "website", "instagram"],
  ],
  [
    "GarmentRegistration",
    GarmentRegistrationSchema,
    { name: "G", garment_type: "Dress", chip_id: "mb-001" },
    ["name", "chip_id"],
  ],
  ["TapRegistration", tapRegistrationSchema(), { name: "G", style: "dress" }, ["name", "sku", "purchase_date"]],
];

describe("every schema's text fields refuse a lone surrogate", () => {
  it.each(FIELDS)("%s", (_name, schema, valid, fields) => {
    expect(schema.safeParse(valid).success, JSON.stringify(schema.safeParse(valid).error)).toBe(true);
    for (const field of fields) {
      const result = schema.safeParse({ ...valid, [field]: `ok${HIGH}` });
      expect(result.success, field).toBe(false);
      const issues = (result.error as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues;
      expect(
        issues.some((issue) => issue.path[0] === field),
        `${field}: ${JSON.stringify(issues)}`,
      ).toBe(true);
    }
  });

  it("the programmer's device_info strings and keys (POST /api/scans is gone, issue #28)", () => {
    const device = WriteResultBodySchema.safeParse({ ok: true, device_info: { platform: `x${HIGH}` } });
    expect(device.error?.issues[0]?.path).toEqual(["device_info", "platform"]);
    const key = WriteResultBodySchema.safeParse({ ok: true, device_info: { [`k${HIGH}`]: "x" } });
    expect(key.success).toBe(false);
  });

  it("stores what valid input gave before, cleaned: NFC, trimmed, CRLF made LF", () => {
    const guest = GuestCaptureBodySchema.parse({
      client_id: 1,
      first_name: " He\u0301le\u0300ne ",
      last_name: "Dubois",
      email: "g@example.com",
      notes: "line one\r\nline two\t(tab)",
    });
    expect(guest).toMatchObject({ first_name: "Hélène", notes: "line one\nline two\t(tab)" });
    expect(ProfileSchema.parse({ first_name: "A", last_name: "B", bio: "one\r\ntwo" }).bio).toBe("one\ntwo");
    expect(ProfileSchema.safeParse({ first_name: "A\nB", last_name: "B" }).success).toBe(false);
  });
});
