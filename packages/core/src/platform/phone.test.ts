import { describe, expect, it } from "vitest";
import { formatPhone, phoneE164 } from "./phone";

describe("phone numbers (issue #49)", () => {
  it("are shown as their country writes them", () => {
    expect(formatPhone("+33612345678")).toBe("+33 6 12 34 56 78");
    expect(formatPhone("+33 6 12 34 56 78")).toBe("+33 6 12 34 56 78");
    expect(formatPhone("+442079460000")).toBe("+44 20 7946 0000");
    expect(formatPhone("+12125550123")).toBe("+1 212 555 0123");
  });
  it("leave a national number, or one no country has, as stored", () => {
    expect(formatPhone("0612345678")).toBe("0612345678");
    expect(formatPhone("+999123")).toBe("+999123");
  });
  it("are exchanged in E.164", () => {
    expect(phoneE164("+33 6 12 34 56 78")).toBe("+33612345678");
    expect(phoneE164("+44 (0)20 7946 0000")).toBe("+442079460000");
    expect(phoneE164("06 12 34 56 78")).toBe("0612345678");
  });
});
