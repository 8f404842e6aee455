import { describe, expect, it } from "vitest";
import { InstagramPostBodySchema } from "../site/contracts";
import { GarmentIdParamSchema, ReassignBodySchema, TagBatchBodySchema } from "../tags/contracts";
import { ListQuerySchema } from "./admin-api";

describe("admin API schemas", () => {
  it("take ids as whole numbers, from numbers or decimal strings", () => {
    expect(GarmentIdParamSchema.parse({ id: "12" })).toEqual({ id: 12 });
    expect(ReassignBodySchema.parse({ client_id: 7 })).toEqual({ client_id: 7 });
    for (const id of ["abc", "1.5", "0", "-3", "1e3", 1.5, "012", " 12", "0x8", "+3", String(2 ** 31)]) {
      const result = GarmentIdParamSchema.safeParse({ id });
      expect(result.error?.issues[0]?.message, String(id)).toBe("The garment id must be a whole number.");
    }
  });

  it("trim and bound a search, and refuse page 0", () => {
    expect(ListQuerySchema.parse({ q: "  coat " })).toEqual({ q: "coat" });
    expect(ListQuerySchema.safeParse({ q: "x".repeat(101) }).error?.issues[0]?.message).toBe(
      "Search is at most 100 characters.",
    );
  });

  it("clean a post: blank text is null, links are http(s) or site paths, order is a whole number", () => {
    expect(
      InstagramPostBodySchema.parse({
        image_url: " /images/a.jpg ",
        caption: "  ",
        permalink: "",
        display_order: "-5",
      }),
    ).toEqual({ image_url: "/images/a.jpg", caption: null, permalink: null, is_active: true, display_order: -5 });
    expect(InstagramPostBodySchema.safeParse({ image_url: "javascript:alert(1)" }).success).toBe(false);
    expect(InstagramPostBodySchema.safeParse({ image_url: "//evil.example/x.jpg" }).success).toBe(false);
    expect(InstagramPostBodySchema.safeParse({ image_url: "/x.jpg", display_order: "2.5" }).success).toBe(false);
  });

  it("require a batch name", () => {
    expect(TagBatchBodySchema.parse({ batch_name: " B " })).toEqual({ batch_name: "B", description: null });
    expect(TagBatchBodySchema.safeParse({ batch_name: " " }).error?.issues[0]?.message).toBe("Batch name is required.");
  });
});
