import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { stubXhr } from "./testing/doubles";
import { uploadImage } from "./upload";

afterEach(() => {
  vi.unstubAllGlobals();
});

const photo = new Blob([new Uint8Array([1, 2, 3])], { type: "image/webp" });

describe("uploadImage", () => {
  it("PUTs the blob with its own Content-Type and answers the JSON of a 200", async () => {
    const sent = stubXhr((xhr) => xhr.answer(200, { photo: { url: "/photos/9.webp" } }));
    await expect(uploadImage("/api/admin/garments/9/photo", photo, () => {})).resolves.toEqual({
      photo: { url: "/photos/9.webp" },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: "PUT",
      url: "/api/admin/garments/9/photo",
      headers: { "Content-Type": "image/webp", Accept: "application/json" },
      responseType: "json",
      body: photo,
    });
  });

  it("reports progress as whole percents, and nothing while the size is unknown", async () => {
    const seen: number[] = [];
    stubXhr((xhr) => {
      xhr.progress(10, 300, false);
      xhr.progress(1, 3);
      xhr.progress(2, 3);
      xhr.progress(300, 300);
      xhr.answer(200, {});
    });
    await uploadImage("/api/admin/products/2/photo", photo, (percent) => seen.push(percent));
    expect(seen).toEqual([33, 67, 100]);
  });

  it("rejects a refusal with the API's message and status", async () => {
    stubXhr((xhr) => xhr.answer(413, { error: { code: "too_large", message: "The photo is over 8 MB." } }));
    const error = await uploadImage("/api/admin/garments/9/photo", photo, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: "The photo is over 8 MB." });
  });

  it("names the status when a refusal has no API error body, and refuses a 200 without a body", async () => {
    stubXhr((xhr) => xhr.answer(500, null));
    await expect(uploadImage("/u", photo, () => {})).rejects.toMatchObject({
      status: 500,
      message: "The photo could not be saved (the server answered 500).",
    });
    stubXhr((xhr) => xhr.answer(200, null));
    await expect(uploadImage("/u", photo, () => {})).rejects.toMatchObject({
      status: 200,
      message: "The photo could not be saved (the server answered 200).",
    });
  });

  it("rejects with status 0 when the server could not be reached", async () => {
    stubXhr((xhr) => xhr.fail());
    await expect(uploadImage("/u", photo, () => {})).rejects.toMatchObject({
      status: 0,
      message: "The server could not be reached. Check the connection and try again.",
    });
  });
});
