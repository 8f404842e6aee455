import { describe, expect, it } from "vitest";
import {
  ActiveEventSchema,
  CONTACT_NOTES_MAX,
  CreateEventSchema,
  contactsQueryFrom,
  contactsQueryString,
  contactsVCard,
  conversionRate,
  encodeContactCursor,
  eventDay,
  eventState,
  MarkContactedSchema,
  parseContactCursor,
  parseId,
} from "./rules";

describe("contacts query", () => {
  it("reads search, event, status and the page's cursor, with defaults", () => {
    const parsed = contactsQueryFrom(new URLSearchParams("q=+vera+&event=12&contacted=no&before=1795000000123-42"));
    expect(parsed.success && parsed.data).toEqual({
      q: "vera",
      event: { kind: "event", id: 12 },
      contacted: "no",
      before: { createdAt: 1_795_000_000_123, id: 42 },
    });
    const empty = contactsQueryFrom(new URLSearchParams("q=&event=&before="));
    expect(empty.success && empty.data).toEqual({ q: "", event: { kind: "all" }, contacted: "all", before: null });
    // The old page numbers, and a cursor that is not one, start from the newest (as every list's).
    for (const raw of ["page=3", "before=x", "before=12-0", "before=-1-2"]) {
      const read = contactsQueryFrom(new URLSearchParams(raw));
      expect(read.success && read.data.before, raw).toBeNull();
    }
    const none = contactsQueryFrom(new URLSearchParams("event=none"));
    expect(none.success && none.data.event).toEqual({ kind: "none" });
  });

  it("refuses what it cannot read instead of showing another list", () => {
    for (const bad of ["event=abc", "event=-1", "contacted=maybe", `q=${"a".repeat(101)}`]) {
      expect(contactsQueryFrom(new URLSearchParams(bad)).success, bad).toBe(false);
    }
  });

  it("writes back the query string of a filter, for pages and exports", () => {
    const before = { createdAt: 1_795_000_000_123, id: 42 };
    expect(contactsQueryString({ q: "a b", event: { kind: "event", id: 4 }, contacted: "yes", before })).toBe(
      "?q=a+b&event=4&contacted=yes&before=1795000000123-42",
    );
    expect(contactsQueryString({ q: "", event: { kind: "all" }, contacted: "all", before: null })).toBe("");
    expect(contactsQueryString({ event: { kind: "none" } })).toBe("?event=none");
  });
});

describe("forms", () => {
  it("Mark Contacted: notes optional, trimmed, bounded", () => {
    expect(MarkContactedSchema.parse({ contactId: "7", notes: "  Called  " })).toEqual({
      contactId: 7,
      notes: "Called",
    });
    expect(MarkContactedSchema.parse({ contactId: "7" })).toEqual({ contactId: 7, notes: null });
    expect(MarkContactedSchema.safeParse({ contactId: "7", notes: "x".repeat(CONTACT_NOTES_MAX + 1) }).success).toBe(
      false,
    );
    expect(MarkContactedSchema.safeParse({ contactId: "0" }).success).toBe(false);
  });

  it("Create Event: name required and trimmed, empty optional fields null, date checked", () => {
    expect(CreateEventSchema.parse({ name: " Soirée ", description: " ", location: "", date: "" })).toEqual({
      name: "Soirée",
      description: null,
      location: null,
      date: null,
    });
    expect(CreateEventSchema.parse({ name: "x", date: "2026-12-31" }).date).toBe("2026-12-31");
    expect(CreateEventSchema.safeParse({ name: "   " }).success).toBe(false);
    expect(CreateEventSchema.safeParse({ name: "x", date: "2026-13-45" }).success).toBe(false);
  });

  it("Active event: an id, or empty for 'No Active Event'", () => {
    expect(ActiveEventSchema.parse({ eventId: "5" })).toEqual({ eventId: 5 });
    expect(ActiveEventSchema.parse({ eventId: "" })).toEqual({ eventId: null });
    expect(ActiveEventSchema.parse({})).toEqual({ eventId: null });
    expect(ActiveEventSchema.safeParse({ eventId: "5x" }).success).toBe(false);
    expect(parseId("12")).toBe(12);
    expect(parseId("1.5")).toBeNull();
    expect(parseId(String(2 ** 31))).toBeNull();
  });
});

describe("contactsVCard", () => {
  it("writes one card per contact in one file, with safe links only", () => {
    const vcf = contactsVCard([
      {
        first_name: "Ana",
        last_name: "Lima",
        email: "ana@example.com",
        phone: null,
        instagram: "ana.lima",
        linkedin: "javascript:alert(1)",
        notes: "Hi; there",
        contact_notes: null,
        event_name: "Gala",
      },
      {
        first_name: null,
        last_name: null,
        email: null,
        phone: "+33600000000",
        instagram: null,
        linkedin: null,
        notes: null,
        contact_notes: null,
        event_name: null,
      },
    ]);
    expect(vcf.match(/BEGIN:VCARD\r\nVERSION:3\.0\r\n/g)).toHaveLength(2);
    expect(vcf).toContain("N:Lima;Ana;;;\r\nFN:Ana Lima\r\n");
    expect(vcf).toContain("X-SOCIALPROFILE;TYPE=instagram:https://www.instagram.com/ana.lima/\r\n");
    expect(vcf).not.toContain("javascript:");
    expect(vcf).toContain("NOTE:Event: Gala\\nHi\\; there\r\n");
    expect(vcf).toContain("FN:Anonymous\r\nTEL;TYPE=CELL:+33600000000\r\n");
  });
});

describe("conversionRate", () => {
  it("is contacts per tap as a percentage, and null with no taps", () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 0)).toBeNull();
    expect(conversionRate(0, 10)).toBe(0);
  });

  it("never exceeds 100%, however many contacts one tap brought (issue #35)", () => {
    expect(conversionRate(2, 1)).toBe(100);
    expect(conversionRate(7, 3)).toBe(100);
    expect(conversionRate(3, 3)).toBe(100);
  });
});

describe("contact cursors (issue #30)", () => {
  it("round-trip a row's time and id, and refuse anything else", () => {
    const cursor = encodeContactCursor({ created_at: new Date(1_795_000_000_123), id: 42 });
    expect(cursor).toBe("1795000000123-42");
    expect(parseContactCursor(cursor)).toEqual({ createdAt: 1_795_000_000_123, id: 42 });
    for (const bad of [null, "", "42", "-1-2", "1-0", "1.5-2", "1-2-3", "x-1", `${"9".repeat(16)}-1`, " 1-2"]) {
      expect(parseContactCursor(bad), String(bad)).toBeNull();
    }
  });
});

describe("eventState (issue #49)", () => {
  const today = "2026-11-29";
  const at = (date: string | null, is_active = true) => ({ id: 7, date, is_active });
  it("is Active only while chosen, switched on and not over", () => {
    expect(eventState(at("2026-11-29"), 7, today)).toBe("active");
    expect(eventState(at(null), 7, today)).toBe("active");
    expect(eventState(at("2026-11-28"), 7, today)).toBe("past");
    expect(eventState(at("2026-12-01", false), 7, today)).toBe("inactive");
  });
  it("says what an event not chosen is", () => {
    expect(eventState(at("2026-12-01"), null, today)).toBe("upcoming");
    expect(eventState(at(null), 3, today)).toBe("open");
    expect(eventState(at("2025-01-01", false), null, today)).toBe("past");
  });
  it("reads a day in UTC", () => {
    expect(eventDay(Date.UTC(2026, 10, 29, 23, 59))).toBe("2026-11-29");
  });
});
