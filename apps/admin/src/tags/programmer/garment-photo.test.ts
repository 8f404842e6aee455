import { afterEach, describe, expect, it, vi } from "vitest";
import { stubXhr } from "../../testing/doubles";
import { saveGarmentPhoto } from "./garment-photo";

afterEach(() => {
  vi.unstubAllGlobals();
});

const resized = {
  blob: new Blob(["photo"], { type: "image/webp" }),
  card: { blob: new Blob(["card"], { type: "image/webp" }) },
};
const stored = (url: string) => ({ url, width: 1600, height: 1200 });

describe("saveGarmentPhoto", () => {
  it("uploads the photo with its progress, then its card-size copy; the photo as last stored", async () => {
    const seen: number[] = [];
    const sent = stubXhr((xhr) => {
      xhr.progress(50, 100);
      xhr.answer(200, { photo: stored(xhr.url.endsWith("/card") ? "/p/12-card.webp" : "/p/12.webp") });
    });
    await expect(saveGarmentPhoto(12, resized, (p) => seen.push(p))).resolves.toEqual({
      photo: stored("/p/12-card.webp"),
    });
    expect(sent.map((x) => [x.url, x.body])).toEqual([
      ["/api/admin/garments/12/photo", resized.blob],
      ["/api/admin/garments/12/photo/card", resized.card.blob],
    ]);
    expect(seen).toEqual([50]);
  });

  it("keeps the photo when its card-size copy is refused, saying why", async () => {
    stubXhr((xhr) =>
      xhr.url.endsWith("/card")
        ? xhr.answer(507, { error: { code: "full", message: "The photo store is full." } })
        : xhr.answer(200, { photo: stored("/p/12.webp") }),
    );
    await expect(saveGarmentPhoto(12, resized, () => {})).resolves.toEqual({
      photo: stored("/p/12.webp"),
      cardError: "The photo store is full.",
    });
  });

  it("rejects when the photo itself is refused or not stored, without sending the copy", async () => {
    let sent = stubXhr((xhr) => xhr.answer(413, { error: { code: "big", message: "Too large." } }));
    await expect(saveGarmentPhoto(12, resized, () => {})).rejects.toThrow("Too large.");
    expect(sent).toHaveLength(1);
    sent = stubXhr((xhr) => xhr.answer(200, { photo: null }));
    await expect(saveGarmentPhoto(12, resized, () => {})).rejects.toThrow("The photo could not be saved.");
    expect(sent).toHaveLength(1);
  });
});
