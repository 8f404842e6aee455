import { describe, expect, it } from "vitest";
import { isEnglishOnlyPath, pageLocale } from "./page-locale";

const french = (path: string) =>
  new Request(`https://releve.test${path}`, { headers: { "Accept-Language": "fr-FR", Cookie: "releve_lang=fr" } });

describe("the staff's pages stay in English (issue #34)", () => {
  it("the admin portal, the QA tools and the outbox read in English whatever was chosen", () => {
    for (const path of [
      "/admin",
      "/admin/login",
      "/admin/tags?x=1",
      "/dev/outbox",
      "/test-urls",
      "/test-garment",
      "/e2e-tests",
    ]) {
      expect(isEnglishOnlyPath(new URL(`https://r.test${path}`).pathname), path).toBe(true);
      expect(pageLocale(french(path)), path).toBe("en");
    }
  });

  it("every other page reads in the person's language, lookalike paths included", () => {
    for (const path of ["/", "/administration", "/share/admin", "/dashboard", "/developer", "/t/x"]) {
      expect(pageLocale(french(path)), path).toBe("fr");
    }
  });
});
