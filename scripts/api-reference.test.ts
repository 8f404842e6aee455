import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiReference, REFERENCE } from "./api-reference";

describe("docs/api-reference.md", () => {
  it("says what the code validates (npm run docs:api writes it again)", () => {
    const generated = apiReference();
    expect(generated).toContain("| `POST /api/admin/tags/:id/secure` | path: `id`");
    expect(readFileSync(REFERENCE, "utf8")).toBe(generated);
  });
});
