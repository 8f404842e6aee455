import { describe, expect, it } from "vitest";
import {
  ALERT_BURST_MS,
  alertsDueAt,
  nextSummaryAfter,
  readAlertMessage,
  unsubscribeToken,
  unsubscribeUserId,
} from "./alerts";

const at = (iso: string) => Date.parse(iso);
const SECRET = "unit-test-secret-000000000000000000000000";
const USER = "0b7f8a52-1c1e-4c53-9d8f-3d2a1e4b5c6d";

describe("when alerts are due", () => {
  it("each: at once the first time, then at most one mail per burst window", () => {
    expect(alertsDueAt("each", null, at("2026-05-01T10:00:00Z"))).toBe(at("2026-05-01T10:00:00Z"));
    const last = at("2026-05-01T10:00:00Z");
    expect(alertsDueAt("each", last, last + 60_000)).toBe(last + ALERT_BURST_MS);
    expect(alertsDueAt("each", last, last + ALERT_BURST_MS + 5)).toBe(last + ALERT_BURST_MS + 5);
  });

  it("daily: the first 18:00 UTC after the last mail and the oldest connection", () => {
    expect(alertsDueAt("daily", null, at("2026-05-01T09:00:00Z"))).toBe(at("2026-05-01T18:00:00Z"));
    expect(alertsDueAt("daily", at("2026-05-01T18:00:00Z"), at("2026-05-01T19:00:00Z"))).toBe(
      at("2026-05-02T18:00:00Z"),
    );
    expect(nextSummaryAfter(at("2026-05-01T18:00:00Z"))).toBe(at("2026-05-02T18:00:00Z"));
  });

  it("off: never", () => {
    expect(alertsDueAt("off", null, 0)).toBeNull();
  });
});

describe("the unsubscribe token", () => {
  it("names its owner, and nothing forged, truncated or made for another purpose passes", async () => {
    const token = await unsubscribeToken(SECRET, USER);
    expect(await unsubscribeUserId(SECRET, token)).toBe(USER);
    expect(await unsubscribeUserId("another-secret-00000000000000000000000000", token)).toBeNull();
    expect(await unsubscribeUserId(SECRET, token.slice(0, -1))).toBeNull();
    expect(await unsubscribeUserId(SECRET, `${USER.replace("0b7", "1b7")}.${token.split(".")[1]}`)).toBeNull();
    expect(await unsubscribeUserId(SECRET, "")).toBeNull();
    expect(await unsubscribeUserId(SECRET, `${USER}.${"A".repeat(43)}`)).toBeNull();
  });
});

describe("the alert message", () => {
  it("accepts only version 1 with an owner id", () => {
    expect(readAlertMessage({ v: 1, ownerUserId: USER })).toEqual({ v: 1, ownerUserId: USER });
    for (const body of [null, "x", { v: 2, ownerUserId: USER }, { v: 1, ownerUserId: "nope" }, { v: 1 }]) {
      expect(readAlertMessage(body)).toBeNull();
    }
  });
});
