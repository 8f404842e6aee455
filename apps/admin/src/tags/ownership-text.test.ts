import type { AdminOwnershipHistory } from "@releve/core/wardrobe/transfer";
import { describe, expect, it } from "vitest";
import { howText, periodText, transferDates, transferParties, transferTitle } from "./ownership-text";

type Transfer = AdminOwnershipHistory["transfers"][number];
const jan = Date.UTC(2026, 0, 10, 9, 0);
const feb = Date.UTC(2026, 1, 3, 18, 45);
const transfer = (over: Partial<Transfer>): Transfer => ({
  id: 1,
  kind: "link",
  status: "pending",
  endReason: null,
  fromEmail: "owner@releve.local",
  toEmail: null,
  createdAt: jan,
  expiresAt: feb,
  decidedAt: null,
  ...over,
});

describe("ownership periods", () => {
  it("say how each began and ended, in words", () => {
    expect(howText("claim")).toBe("Claimed");
    expect(howText("something-new")).toBe("something-new");
    expect(howText(null)).toBe("—");
    const period = { id: 1, ownerEmail: "a@x.fr", startedAt: jan, startedHow: "claim", endedAt: null, endedHow: null };
    expect(periodText(period)).toBe("Claimed 10 Jan 2026, 09:00 · current owner");
    expect(periodText({ ...period, endedAt: feb, endedHow: "transfer" })).toBe(
      "Claimed 10 Jan 2026, 09:00 · Transferred 3 Feb 2026, 18:45",
    );
  });
});

describe("transfers", () => {
  it("are titled by kind and status, a cancelled one with why", () => {
    expect(transferTitle(transfer({}))).toBe("Transfer link · Pending");
    expect(transferTitle(transfer({ kind: "request", status: "cancelled", endReason: "owner_changed" }))).toBe(
      "Transfer request · Cancelled (the piece changed hands)",
    );
    expect(transferTitle(transfer({ status: "expired", endReason: "replaced" }))).toBe("Transfer link · Expired");
  });

  it("name who made or asked, a deleted account as such", () => {
    expect(transferParties(transfer({}))).toBe("Made by owner@releve.local");
    expect(transferParties(transfer({ status: "accepted", toEmail: "next@x.fr" }))).toBe(
      "Made by owner@releve.local, accepted by next@x.fr",
    );
    expect(transferParties(transfer({ kind: "request", fromEmail: null, toEmail: "asker@x.fr" }))).toBe(
      "Asked by asker@x.fr of a deleted account",
    );
  });

  it("are dated until their expiry, or to their decision", () => {
    expect(transferDates(transfer({}))).toBe("10 Jan 2026, 09:00 · until 3 Feb 2026, 18:45");
    expect(transferDates(transfer({ decidedAt: feb }))).toBe("10 Jan 2026, 09:00 → 3 Feb 2026, 18:45");
  });
});
