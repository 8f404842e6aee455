import { describe, expect, it } from "vitest";
import { tapSlugOf } from "./web-nfc";

describe("tapSlugOf", () => {
  it("reads the slug of a tap link, whatever the host", () => {
    expect(tapSlugOf("https://releve.example.com/t/cg-003")).toBe("cg-003");
    expect(tapSlugOf("http://localhost:4173/t/CG-003?x=1")).toBe("cg-003");
    expect(tapSlugOf("  https://releve.example.com/t/sh-n4q3rt799k#top \n")).toBe("sh-n4q3rt799k");
  });

  it("is null for anything that is not a tap link to a valid slug", () => {
    expect(tapSlugOf("https://example.com/profile/cg-003")).toBeNull();
    expect(tapSlugOf("cg-003")).toBeNull();
    expect(tapSlugOf("https://releve.example.com/t/%E0%A4%A")).toBeNull();
    expect(tapSlugOf("https://releve.example.com/t/-bad-")).toBeNull();
    expect(tapSlugOf(`https://releve.example.com/t/${"a".repeat(65)}`)).toBeNull();
  });
});
