import { afterEach, describe, expect, it, vi } from "vitest";
import { type CronJob, fireCron, listCrons, nextDue, scheduleCrons } from "./local-crons";

afterEach(() => {
  vi.useRealTimers();
});

const at = (iso: string) => Date.parse(iso);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("nextDue", () => {
  it("gives the next five-minute boundary in UTC, strictly after the reference", () => {
    expect(nextDue("*/5 * * * *", at("2026-11-23T10:03:27Z"))).toBe(at("2026-11-23T10:05:00Z"));
    expect(nextDue("*/5 * * * *", at("2026-11-23T10:05:00Z"))).toBe(at("2026-11-23T10:10:00Z"));
  });

  it("reads hours in UTC, whatever the machine's time zone", () => {
    const tz = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      expect(new Date(at("2026-11-23T10:00:00Z")).getHours()).toBe(5);
      expect(nextDue("30 2 * * *", at("2026-11-23T10:00:00Z"))).toBe(at("2026-11-24T02:30:00Z"));
      expect(nextDue("0 0 1 * *", at("2026-11-23T10:00:00Z"))).toBe(at("2026-12-01T00:00:00Z"));
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it("refuses what Cloudflare would refuse", () => {
    expect(() => nextDue("*/5 * * * * *", 0)).toThrow();
    expect(() => nextDue("every five minutes", 0)).toThrow();
  });
});

describe("scheduleCrons", () => {
  const job: CronJob = { worker: "releve-scan-jobs", cron: "*/5 * * * *" };

  it("fires each cron on its schedule with its due time, and stops", async () => {
    vi.useFakeTimers({ now: at("2026-11-23T10:03:00Z") });
    const fired: string[] = [];
    const stop = scheduleCrons([job], async (j, due) => {
      fired.push(`${j.worker} ${new Date(due).toISOString()}`);
    });

    await vi.advanceTimersByTimeAsync(119_000);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fired).toEqual(["releve-scan-jobs 2026-11-23T10:05:00.000Z"]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fired).toEqual(["releve-scan-jobs 2026-11-23T10:05:00.000Z", "releve-scan-jobs 2026-11-23T10:10:00.000Z"]);

    stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fired).toHaveLength(2);
  });

  it("with atStart fires at once, then on schedule", async () => {
    vi.useFakeTimers({ now: at("2026-11-23T10:03:00Z") });
    const fired: number[] = [];
    const stop = scheduleCrons([job], async (_j, due) => void fired.push(due), { atStart: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(fired).toEqual([at("2026-11-23T10:03:00Z")]);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(fired).toEqual([at("2026-11-23T10:03:00Z"), at("2026-11-23T10:05:00Z")]);
    stop();
  });

  it("lets a run that outlasts the period delay the next one instead of stacking runs", async () => {
    vi.useFakeTimers({ now: at("2026-11-23T10:04:00Z") });
    const fired: number[] = [];
    const stop = scheduleCrons([job], async (_j, due) => {
      fired.push(due);
      await new Promise((r) => setTimeout(r, 6 * 60_000));
    });
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    // 10:05 runs until 10:11, so 10:10 is skipped; 10:15 runs until 10:21.
    expect(fired).toEqual([at("2026-11-23T10:05:00Z"), at("2026-11-23T10:15:00Z")]);
    stop();
  });
});

describe("the Local Explorer calls", () => {
  it("lists the crons of this workerd's own Workers only", async () => {
    const fetchFn = vi.fn(async () =>
      json({
        success: true,
        result: [
          { isSelf: true, name: "releve-web", triggers: { crons: [] } },
          { isSelf: true, name: "releve-scan-jobs", triggers: { crons: ["*/5 * * * *", "0 3 * * *"] } },
          { isSelf: false, name: "elsewhere", triggers: { crons: ["* * * * *"] } },
        ],
      }),
    );
    expect(await listCrons("http://localhost:4173", fetchFn)).toEqual([
      { worker: "releve-scan-jobs", cron: "*/5 * * * *" },
      { worker: "releve-scan-jobs", cron: "0 3 * * *" },
    ]);
    expect(fetchFn).toHaveBeenCalledWith("http://localhost:4173/cdn-cgi/local/explorer/api/local/workers", undefined);
  });

  it("runs the named Worker's scheduled handler with the cron and its due time", async () => {
    const fetchFn = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      json({ success: true, result: { outcome: "ok", noRetry: false } }),
    );
    const outcome = await fireCron(
      "http://localhost:4173",
      { worker: "releve-scan-jobs", cron: "*/5 * * * *" },
      at("2026-11-23T10:05:00Z"),
      fetchFn,
    );
    expect(outcome).toBe("ok");
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe("http://localhost:4173/cdn-cgi/local/explorer/api/local/scheduled?worker=releve-scan-jobs");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ cron: "*/5 * * * *", scheduled_time: at("2026-11-23T10:05:00Z") });
  });

  it("reports the Explorer's error", async () => {
    const fetchFn = vi.fn(async () =>
      json({ success: false, errors: [{ message: 'Worker "x" is not registered.' }] }, 404),
    );
    await expect(fireCron("http://localhost:4173", { worker: "x", cron: "* * * * *" }, 0, fetchFn)).rejects.toThrow(
      'Worker "x" is not registered.',
    );
  });
});
