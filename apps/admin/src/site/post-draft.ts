import type { InstagramPost } from "@releve/core/site/contracts";

/** A post of the landing's grid as typed. */
export type PostDraft = {
  image_url: string;
  caption: string;
  permalink: string;
  display_order: string;
  is_active: boolean;
};

/** A new post: first in the grid, shown. */
export const EMPTY_POST: PostDraft = { image_url: "", caption: "", permalink: "", display_order: "0", is_active: true };

/** A post to edit: its missing caption and permalink as empty fields. */
export const postDraft = (p: InstagramPost): PostDraft => ({
  image_url: p.image_url,
  caption: p.caption ?? "",
  permalink: p.permalink ?? "",
  display_order: String(p.display_order),
  is_active: p.is_active,
});
