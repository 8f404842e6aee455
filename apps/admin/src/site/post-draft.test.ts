import { describe, expect, it } from "vitest";
import { EMPTY_POST, postDraft } from "./post-draft";

describe("the post form", () => {
  it("starts a new post first in the grid and shown", () => {
    expect(EMPTY_POST).toEqual({ image_url: "", caption: "", permalink: "", display_order: "0", is_active: true });
  });

  it("edits a post with its missing caption and permalink as empty fields, its order as text", () => {
    expect(
      postDraft({
        id: 4,
        image_url: "/images/a.jpg",
        caption: null,
        permalink: null,
        is_active: false,
        display_order: 12,
      }),
    ).toEqual({ image_url: "/images/a.jpg", caption: "", permalink: "", display_order: "12", is_active: false });
    expect(
      postDraft({
        id: 5,
        image_url: "https://cdn.test/b.jpg",
        caption: "Atelier",
        permalink: "https://instagram.com/p/x",
        is_active: true,
        display_order: 0,
      }),
    ).toMatchObject({ caption: "Atelier", permalink: "https://instagram.com/p/x", display_order: "0" });
  });
});
