import { describe, expect, it } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, parsePasswordHash, verifyPassword } from "./password";

describe("password hashing", () => {
  it("holds the iteration count at the Workers production cap of 100,000", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const parsed = parsePasswordHash(await hashPassword("correct horse battery"));
    expect(parsed?.iterations).toBe(100_000);
  });

  it("refuses to hash above the cap, which production Workers would reject", async () => {
    await expect(hashPassword("x".repeat(12), 100_001)).rejects.toThrow(RangeError);
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).not.toBe(b);
  });

  it("rejects malformed or over-cap stored hashes instead of throwing", async () => {
    expect(await verifyPassword("pw", "not-a-hash")).toBe(false);
    expect(await verifyPassword("pw", "pbkdf2-sha256$200000$AAAA$AAAA")).toBe(false);
    expect(await verifyPassword("pw", "bcrypt$10$x$y")).toBe(false);
  });
});
