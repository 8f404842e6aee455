import { describe, expect, it } from "vitest";
import { actorText, eventTypeText, failureText, subjectText } from "./event-text";

describe("the event log's words", () => {
  it("names known types and actors, and shows unknown ones as they are", () => {
    expect(eventTypeText("garment.transferred")).toBe("Piece transferred");
    expect(eventTypeText("tag.programmed.v2")).toBe("tag.programmed.v2");
    expect(actorText("admin")).toBe("staff");
    expect(actorText("robot")).toBe("robot");
  });

  it("names the rows an event is about, or a dash", () => {
    expect(subjectText({ garmentId: 12, productId: null, tagId: 7 })).toBe("garment 12, tag 7");
    expect(subjectText({ garmentId: null, productId: 3, tagId: null })).toBe("product 3");
    expect(subjectText({ garmentId: null, productId: null, tagId: null })).toBe("—");
  });

  it("says a consumer's attempts and its last error", () => {
    expect(failureText({ attempts: 1, lastError: null })).toBe("1 attempt");
    expect(failureText({ attempts: 5, lastError: "R2 unavailable" })).toBe("5 attempts: R2 unavailable");
  });
});
