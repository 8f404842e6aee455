import { HOUSEKEEPING } from "@releve/core/platform/housekeeping";
import { IP_WINDOW_MS } from "@releve/core/sharing/contact-limits";
import { describe, expect, it } from "vitest";
import { LOCKOUT_WINDOW_MS } from "../features/accounts/auth.server";
import { EARLY_ACCESS_NETWORK_WINDOW_MS, EARLY_ACCESS_WINDOW_MS } from "../features/site/early-access.server";

// The scan-jobs cron deletes rows older than these retentions; a limit reading a deleted row
// would let through what it should refuse.
describe("housekeeping retention", () => {
  it("keeps sign-in attempts for at least the lockout window", () => {
    expect(HOUSEKEEPING.keepSignInAttemptsMs).toBeGreaterThanOrEqual(LOCKOUT_WINDOW_MS);
  });

  it("keeps rate events for at least every window that counts them", () => {
    for (const window of [IP_WINDOW_MS, EARLY_ACCESS_WINDOW_MS, EARLY_ACCESS_NETWORK_WINDOW_MS]) {
      expect(HOUSEKEEPING.keepRateEventsMs).toBeGreaterThanOrEqual(window);
    }
  });
});
