import { describe, expect, it } from "vitest";
import { ContactsQuerySchema, MarkContactedSchema } from "../crm/rules";
import { GarmentIdParamSchema, GarmentListQuerySchema, ReassignBodySchema } from "../tags/contracts";
import { ListQuerySchema } from "./admin-api";
import { ID_MAX, parseId, SEARCH_MAX_LENGTH } from "./input-limits";

const LENIENT = [
  "0x8",
  "1e1",
  " 22",
  "22 ",
  "\t22",
  "012",
  "0",
  "00",
  "+3",
  "-3",
  "1.0",
  "1.5",
  "1_000",
  "0b1",
  "0o7",
  "Infinity",
  "NaN",
  "",
  "١٢", // Arabic-Indic digits
  "１２", // fullwidth digits
  String(ID_MAX + 1),
  "9".repeat(400),
];

describe("parseId: the one strict id parser", () => {
  it("reads plain decimal ids from 1 to ID_MAX", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("22")).toBe(22);
    expect(parseId(String(ID_MAX))).toBe(ID_MAX);
    expect(parseId(7)).toBe(7);
  });

  it.each(LENIENT)("refuses %j", (raw) => {
    expect(parseId(raw)).toBeNull();
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, ID_MAX + 1, null, undefined, true, {}, [1]])(
    "refuses the value %j",
    (raw) => {
      expect(parseId(raw)).toBeNull();
    },
  );

  it("is what the CRM's and the admin API's ids are read with", () => {
    for (const raw of ["0x8", "1e1", " 22", "012"]) {
      expect(MarkContactedSchema.safeParse({ contactId: raw }).success, raw).toBe(false);
      expect(GarmentIdParamSchema.safeParse({ id: raw }).success, raw).toBe(false);
      expect(ReassignBodySchema.safeParse({ client_id: raw }).success, raw).toBe(false);
      expect(GarmentListQuerySchema.safeParse({ before: raw }).success, raw).toBe(false);
      expect(ContactsQuerySchema.safeParse({ event: raw }).success, raw).toBe(false);
    }
    expect(MarkContactedSchema.parse({ contactId: "22" }).contactId).toBe(22);
  });
});

describe("SEARCH_MAX_LENGTH", () => {
  it("bounds every search schema in characters, whatever the script", () => {
    const e = "é".repeat(SEARCH_MAX_LENGTH);
    expect(ContactsQuerySchema.parse({ q: e }).q).toBe(e);
    expect(ListQuerySchema.parse({ q: e }).q).toBe(e);
    expect(ContactsQuerySchema.safeParse({ q: `${e}x` }).success).toBe(false);
    expect(ListQuerySchema.safeParse({ q: `${e}x` }).success).toBe(false);
  });
});
