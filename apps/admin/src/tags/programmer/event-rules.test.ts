import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ACTIVE_EVENT_KEY,
  EMPTY_GUEST,
  eventDatetime,
  eventWhen,
  guestNamed,
  guestReachable,
  isStillOpen,
  readActiveEvent,
  storeActiveEvent,
} from "./event-rules";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A tab's sessionStorage. */
function stubSessionStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
  return items;
}

describe("the tab's active event", () => {
  it("is stored and read back, then forgotten", () => {
    const items = stubSessionStorage();
    storeActiveEvent({ id: 3, name: "Paris Fashion Week" });
    expect(items.get(ACTIVE_EVENT_KEY)).toBe('{"id":3,"name":"Paris Fashion Week"}');
    expect(readActiveEvent()).toEqual({ id: 3, name: "Paris Fashion Week" });
    storeActiveEvent(null);
    expect(items.has(ACTIVE_EVENT_KEY)).toBe(false);
    expect(readActiveEvent()).toBeNull();
  });

  it("reads as none when what is stored is malformed", () => {
    for (const stored of ["{", "null", "42", '{"id":"3","name":"x"}', '{"id":1.5,"name":"x"}', '{"id":3}']) {
      stubSessionStorage({ [ACTIVE_EVENT_KEY]: stored });
      expect(readActiveEvent()).toBeNull();
    }
  });

  it("keeps only its id and name", () => {
    stubSessionStorage({ [ACTIVE_EVENT_KEY]: '{"id":3,"name":"Gala","extra":true}' });
    expect(readActiveEvent()).toEqual({ id: 3, name: "Gala" });
  });

  it("lives without storage (private mode)", () => {
    vi.stubGlobal("sessionStorage", {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    });
    expect(readActiveEvent()).toBeNull();
    expect(() => storeActiveEvent({ id: 1, name: "Gala" })).not.toThrow();
  });

  it("no longer files guests once its event is closed or gone", () => {
    const event = { id: 3, name: "Gala", datetime: null, isActive: true, createdAt: 0 };
    expect(isStillOpen([event], { id: 3, name: "Gala" })).toBe(true);
    expect(isStillOpen([{ ...event, isActive: false }], { id: 3, name: "Gala" })).toBe(false);
    expect(isStillOpen([{ ...event, id: 4 }], { id: 3, name: "Gala" })).toBe(false);
  });
});

describe("events' dates", () => {
  it("show 'No date', or the time in UTC", () => {
    expect(eventWhen({ datetime: null })).toBe("No date");
    expect(eventWhen({ datetime: Date.UTC(2026, 9, 1, 19, 0) })).toBe("1 Oct 2026, 19:00");
  });

  it("are sent as epoch milliseconds of the device's local time, none when blank or invalid", () => {
    expect(eventDatetime("2026-10-01T19:00")).toBe(new Date(2026, 9, 1, 19, 0).getTime());
    expect(eventDatetime("")).toBeNull();
    expect(eventDatetime("not a date")).toBeNull();
  });
});

describe("guest capture", () => {
  it("needs both names", () => {
    expect(guestNamed({ ...EMPTY_GUEST, first_name: "Ana", last_name: "Silva" })).toBe(true);
    expect(guestNamed({ ...EMPTY_GUEST, first_name: "Ana", last_name: "  " })).toBe(false);
  });

  it("needs an email or a phone", () => {
    expect(guestReachable({ ...EMPTY_GUEST, email: "ana@example.com" })).toBe(true);
    expect(guestReachable({ ...EMPTY_GUEST, phone: "+33 6 12 34 56 78" })).toBe(true);
    expect(guestReachable({ ...EMPTY_GUEST, email: " ", phone: "" })).toBe(false);
  });
});
