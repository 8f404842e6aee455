import { TAG_ACTIONS, TAG_STATUSES } from "@releve/core/tags/rules";
import { describe, expect, it } from "vitest";
import {
  ACTION_DONE,
  ACTION_LABELS,
  GARMENT_SIZE_OPTIONS,
  GARMENT_TYPE_OPTIONS,
  STATUS_LABELS,
  shortUid,
} from "./labels";

describe("shortUid", () => {
  it("keeps a UID of up to 16 characters whole", () => {
    expect(shortUid("04A23B4C5D6E7F")).toBe("04A23B4C5D6E7F");
    expect(shortUid("0123456789ABCDEF")).toBe("0123456789ABCDEF");
  });

  it("cuts a longer one to its first 16 characters and an ellipsis", () => {
    expect(shortUid("04A23B4C5D6E7F8091A2")).toBe("04A23B4C5D6E7F80…");
  });
});

describe("the registry's words", () => {
  it("names every status and every action, and what each action did", () => {
    for (const status of TAG_STATUSES) expect(STATUS_LABELS[status]).toMatch(/^[A-Z]/);
    for (const action of TAG_ACTIONS) {
      expect(ACTION_LABELS[action]).toMatch(/^[A-Z]/);
      expect(ACTION_DONE[action]).toMatch(/^Tag /);
    }
  });

  it("offers the empty choice first on the programming forms", () => {
    expect(GARMENT_TYPE_OPTIONS[0]).toEqual(["", "Choose a type"]);
    expect(GARMENT_SIZE_OPTIONS[0]).toEqual(["", "No size"]);
    expect(GARMENT_SIZE_OPTIONS.map(([value]) => value)).toEqual(["", "XS", "S", "M", "L", "XL", "XXL"]);
  });
});
