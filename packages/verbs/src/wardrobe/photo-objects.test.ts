/**
 * The photo verbs' own objects (issue #19): a refused change leaves nothing in the bucket. Moved
 * here from the web's photos test with the helper it tests (issue #48).
 */
import { env } from "cloudflare:workers";
import { PNG_37X21, sampleBytes as sampleArray } from "@releve/core/fixtures/photos/samples";
import { describe, expect, it } from "vitest";
import type { PhotoBucket } from "../effects";
import { keepIfChanged, putPhoto } from "./photo-objects";

const photos = env.PHOTOS as unknown as PhotoBucket & R2Bucket;

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await photos.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

describe("keepIfChanged", () => {
  it("deletes the new object again when the row change fails or finds nothing", async () => {
    const before = await bucketKeys();
    const put = await putPhoto(photos, new Uint8Array(sampleArray(PNG_37X21)));
    if (!put.ok) throw new Error(put.reason);
    await expect(
      keepIfChanged(photos, [put.photo.key], async () => {
        throw new Error("D1 unavailable");
      }),
    ).rejects.toThrow("D1 unavailable");
    expect(await bucketKeys()).toEqual(before);

    const again = await putPhoto(photos, new Uint8Array(sampleArray(PNG_37X21)));
    if (!again.ok) throw new Error(again.reason);
    expect(await keepIfChanged(photos, [again.photo.key], async () => null)).toBeNull();
    expect(await bucketKeys()).toEqual(before);
  });

  it("keeps the object when the change stands", async () => {
    const put = await putPhoto(photos, new Uint8Array(sampleArray(PNG_37X21)));
    if (!put.ok) throw new Error(put.reason);
    expect(await keepIfChanged(photos, [put.photo.key], async () => "changed")).toBe("changed");
    expect(await bucketKeys()).toContain(put.photo.key);
  });

  it("refuses bytes that are not a photo and stores nothing", async () => {
    const before = await bucketKeys();
    expect(await putPhoto(photos, new TextEncoder().encode("<svg></svg>"))).toEqual({
      ok: false,
      reason: "unsupported_type",
    });
    expect(await bucketKeys()).toEqual(before);
  });
});
