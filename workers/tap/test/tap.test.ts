import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("tap worker", () => {
  it("answers /t/:slug itself, privately and uncached", async () => {
    const res = await exports.default.fetch("http://releve.test/t/anything", { redirect: "manual" });
    expect(res.headers.get("x-served-by")).toBe("releve-tap");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Resolution Failed");
    expect(html).toContain("Invalid garment link");
    expect(html).toContain("Redirecting to home...");
  });

  it("escapes nothing dangerous into its page", async () => {
    const res = await exports.default.fetch("http://releve.test/t/%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(await res.text()).not.toContain("<script>");
  });
});
