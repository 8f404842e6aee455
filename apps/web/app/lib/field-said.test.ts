/**
 * A form's field errors are said by rule, and their English is the schema's (issue #48): every bad
 * value of every text field of every form a page shows is parsed through the form's schema; each
 * field's problem, said in English through the page's table, is word for word the English the
 * schema writes (what the API answers), and said in French it is a translation, not that English.
 */

import { ForgotPasswordSchema, LoginSchema, ResetPasswordSchema, SignupSchema } from "@releve/core/accounts/auth";
import { OnboardingSchema, ProfileSchema } from "@releve/core/accounts/profile";
import {
  ActiveEventSchema,
  ContactsQuerySchema,
  CreateEventSchema,
  MarkContactedSchema,
  SearchQuerySchema,
} from "@releve/core/crm/rules";
import { type FieldProblem, fieldProblems } from "@releve/core/platform/field-problem";
import { SHARE_FLAGS } from "@releve/core/sharing/channels";
import { ContactFormSchema, GuestContactSchema } from "@releve/core/sharing/contact";
import { EarlyAccessSchema } from "@releve/core/site/early-access";
import {
  GarmentRegistrationSchema,
  registrationErrors,
  tapRegistrationSchema,
} from "@releve/core/wardrobe/registration";
import { withLocale } from "@releve/i18n/server";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ACCOUNT_FIELDS } from "../features/accounts/said";
import { CRM_FIELDS } from "../features/crm/said";
import { CONTACT_FIELDS, GUEST_FIELDS } from "../features/sharing/said";
import { EARLY_ACCESS_FIELDS } from "../features/site/said";
import { sayRegistrationErrors } from "../features/wardrobe/said";
import { type FormSaid, sayProblem } from "./field-said";

/** What a person or a crafted post may type into a text field. */
const BAD_VALUES = [
  undefined,
  "",
  "   ",
  "a\u0007b",
  "a\nb",
  "a\u2028b",
  "\ud800",
  "x".repeat(5000),
  "é".repeat(301),
  "not an email",
  "@@@ ###",
  "javascript:alert(1)",
  "2026-13-45",
  "9999-01-01",
  "0x8",
  "-1",
  "maybe",
];

/** Switches and consents are not text fields: a crafted value is refused in zod's words. */
const SWITCHES = new Set<string>([
  ...SHARE_FLAGS,
  "nfc_sharing_enabled",
  "consent_data_collection",
  "consent_marketing",
  "consent_event_updates",
]);

type Schema = z.ZodType;
const shapeOf = (schema: Schema): string[] => {
  const def = (schema as unknown as { shape?: object; in?: { shape?: object } }).shape;
  const inner = (schema as unknown as { in?: { shape?: object } }).in?.shape;
  return Object.keys(def ?? inner ?? {}).filter((field) => !SWITCHES.has(field));
};

/** Every refusal a form's text fields can give, one bad field at a time over a valid base. */
function problemsOf(schema: Schema, base: Record<string, unknown>, extra: Array<Record<string, unknown>> = []) {
  const found: Array<[field: string, problem: FieldProblem]> = [];
  const inputs = [
    ...shapeOf(schema).flatMap((field) => BAD_VALUES.map((value) => ({ ...base, [field]: value }))),
    ...extra.map((input) => ({ ...base, ...input })),
  ];
  for (const input of inputs) {
    const parsed = schema.safeParse(input);
    if (!parsed.success) found.push(...Object.entries(fieldProblems(parsed.error)));
  }
  return found;
}

function expectSaid(form: FormSaid, found: Array<[string, FieldProblem]>, skip: string[] = []) {
  const rules = new Set<string>();
  for (const [field, problem] of found) {
    if (skip.includes(field)) continue;
    rules.add(`${field}.${problem.rule}`);
    const say = () => sayProblem(form[field], problem);
    expect(withLocale("en", say), `${field}: ${problem.rule}`).toBe(problem.english);
    expect(withLocale("fr", say), `${field}: ${problem.rule} in French`).not.toBe(problem.english);
  }
  return rules;
}

const PASSWORD = "a long enough secret";

describe("field errors said by rule, in the schema's English", () => {
  it("the accounts forms: sign-in, sign-up, forgotten and new password, onboarding, profile", () => {
    const rules = new Set([
      ...expectSaid(ACCOUNT_FIELDS, problemsOf(LoginSchema, { email: "a@example.com", password: PASSWORD })),
      ...expectSaid(
        ACCOUNT_FIELDS,
        problemsOf(
          SignupSchema,
          { firstName: "Ada", lastName: "King", email: "a@example.com", password: PASSWORD, confirmPassword: PASSWORD },
          [
            { password: "short" },
            { password: "x".repeat(300), confirmPassword: "x".repeat(300) },
            { password: "a@example.com", confirmPassword: "a@example.com" },
            { confirmPassword: "something else" },
          ],
        ),
      ),
      ...expectSaid(ACCOUNT_FIELDS, problemsOf(ForgotPasswordSchema, { email: "a@example.com" })),
      ...expectSaid(
        ACCOUNT_FIELDS,
        problemsOf(ResetPasswordSchema, { token: "t", password: PASSWORD, confirmPassword: PASSWORD }, [
          { confirmPassword: "other" },
        ]),
      ),
      ...expectSaid(
        ACCOUNT_FIELDS,
        problemsOf(OnboardingSchema, { first_name: "Ada", last_name: "King", share_email: "on" }, [
          { share_email: undefined },
        ]),
      ),
      ...expectSaid(ACCOUNT_FIELDS, problemsOf(ProfileSchema, { first_name: "Ada", last_name: "King" })),
    ]);
    // The rules the forms can break, each met at least once.
    for (const rule of [
      "email.required",
      "email.invalid",
      "email.too_long",
      "email.control",
      "email.malformed",
      "password.required",
      "password.too_short",
      "password.too_long",
      "password.malformed",
      "password.same_as_email",
      "confirmPassword.mismatch",
      "firstName.required",
      "lastName.too_long",
      "token.required",
      "first_name.control",
      "bio.too_long",
      "mobile_phone.invalid",
      "website.invalid",
      "twitter.too_long",
      "form.required",
    ]) {
      expect(rules, rule).toContain(rule);
    }
  });

  it("the crm's forms and lists: a contact's notes, an event, the filters and searches", () => {
    const rules = new Set([
      ...expectSaid(CRM_FIELDS, problemsOf(MarkContactedSchema, { contactId: "1" })),
      ...expectSaid(CRM_FIELDS, problemsOf(CreateEventSchema, { name: "Salon" })),
      ...expectSaid(CRM_FIELDS, problemsOf(ActiveEventSchema, {})),
      ...expectSaid(CRM_FIELDS, problemsOf(ContactsQuerySchema, {})),
      ...expectSaid(CRM_FIELDS, problemsOf(SearchQuerySchema, {})),
    ]);
    for (const rule of [
      "contactId.invalid",
      "notes.too_long",
      "notes.control",
      "name.required",
      "description.control",
      "location.too_long",
      "date.invalid",
      "q.too_long",
      "q.malformed",
      "event.invalid",
      "eventId.invalid",
      "contacted.invalid",
    ]) {
      expect(rules, rule).toContain(rule);
    }
  });

  it("the early-access form", () => {
    const rules = expectSaid(EARLY_ACCESS_FIELDS, problemsOf(EarlyAccessSchema, { full_name: "Ada", email: "a@x.io" }));
    for (const rule of ["full_name.required", "full_name.too_long", "email.invalid", "referral_source.invalid"]) {
      expect(rules, rule).toContain(rule);
    }
  });

  it("the visitor's and the guest's contact forms (the form-wide refusal is said by code)", () => {
    const contact = expectSaid(
      CONTACT_FIELDS,
      problemsOf(ContactFormSchema, { first_name: "Ada", email: "a@x.io" }, [{ notes: "é".repeat(3000) }]),
      ["form"],
    );
    for (const rule of ["email.invalid", "phone.invalid", "instagram.too_long", "linkedin.invalid", "notes.too_long"]) {
      expect(contact, rule).toContain(rule);
    }
    const guest = expectSaid(GUEST_FIELDS, problemsOf(GuestContactSchema, { guest_name: "Ada" }));
    for (const rule of ["guest_name.required", "guest_name.control", "linkedin.invalid", "phone.too_long"]) {
      expect(guest, rule).toContain(rule);
    }
  });

  it("the registration forms: the rules' own refusals by code, the text rule's by rule", () => {
    const forms: Array<[Schema, Record<string, unknown>]> = [
      [tapRegistrationSchema(), { name: "Robe", style: "dress" }],
      [GarmentRegistrationSchema, { name: "Robe", garment_type: "dress", chip_id: "04A1" }],
    ];
    let said = 0;
    for (const [schema, base] of forms) {
      for (const field of shapeOf(schema)) {
        for (const value of BAD_VALUES) {
          const parsed = schema.safeParse({ ...base, [field]: value });
          if (parsed.success) continue;
          const english = registrationErrors(parsed.error);
          const inEnglish = withLocale("en", () => sayRegistrationErrors(english));
          expect(inEnglish, `${field}=${JSON.stringify(value)}`).toEqual({
            message: english.message,
            fields: english.fields,
          });
          const inFrench = withLocale("fr", () => sayRegistrationErrors(english));
          for (const [name, text] of Object.entries(inFrench.fields)) expect(text, name).not.toBe(english.fields[name]);
          said++;
        }
      }
    }
    expect(said).toBeGreaterThan(40);
  });
});
