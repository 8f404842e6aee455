import { describe, expect, it } from "vitest";
import { readAll, streamExport, toBatch } from "./stream-export";

/** A reader over 0..n-1 in batches of `size`, recording the cursors it was asked for. */
function numbers(n: number, size: number) {
  const asked: Array<number | null> = [];
  const read = async (after: number | null) => {
    asked.push(after);
    const from = after === null ? 0 : after + 1;
    const rows = Array.from({ length: Math.max(0, Math.min(size + 1, n - from)) }, (_, k) => from + k);
    return toBatch(rows, size, (row) => row);
  };
  return { read, asked };
}

describe("streamExport", () => {
  it("sends the head, then every batch once, in order, and ends after the last", async () => {
    const { read, asked } = numbers(2500, 1000);
    const stream = streamExport({ head: "n\n", read, format: (rows) => rows.map((r) => `${r}\n`).join("") });
    const text = await new Response(stream).text();
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe("n");
    expect(lines.slice(1).map(Number)).toEqual(Array.from({ length: 2500 }, (_, i) => i));
    expect(asked).toEqual([null, 999, 1999]);
  });

  it("reads a batch only when the reader wants more (one batch ahead at most)", async () => {
    const { read, asked } = numbers(10_000, 100);
    const reader = streamExport({ read, format: (rows) => rows.join(",") }).getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 10));
    expect(asked.length).toBeLessThanOrEqual(2);
    await reader.cancel();
  });

  it("ends with an error, never a short file passed off as whole, when a batch fails", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const stream = streamExport<number, number>({
      read: async () => {
        calls++;
        if (calls === 2) throw new Error("D1 went away");
        return { rows: [1], next: calls };
      },
      format: String,
      onError: (e) => errors.push(e),
    });
    await expect(new Response(stream).text()).rejects.toThrow("D1 went away");
    expect(errors).toHaveLength(1);
  });

  it("an empty export is the head alone; readAll gathers every batch", async () => {
    const empty = streamExport({ head: "h\n", read: numbers(0, 10).read, format: String });
    expect(await new Response(empty).text()).toBe("h\n");
    expect(await readAll(numbers(25, 10).read)).toHaveLength(25);
  });
});
