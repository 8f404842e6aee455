import { describe, expect, it } from "vitest";
import { photoProgressText } from "./photo-progress";

describe("photoProgressText", () => {
  it("says the photo is being prepared, then uploaded with its percent once known", () => {
    expect(photoProgressText({ state: "preparing" })).toBe("Preparing the photo...");
    expect(photoProgressText({ state: "uploading", percent: null })).toBe("Uploading the photo...");
    expect(photoProgressText({ state: "uploading", percent: 0 })).toBe("Uploading the photo 0%");
    expect(photoProgressText({ state: "uploading", percent: 67 })).toBe("Uploading the photo 67%");
  });
});
