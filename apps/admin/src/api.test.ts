import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, adminApi, adminText } from "./api";
import { json, stubFetch } from "./testing/doubles";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The rejection of `promise`, which must reject. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("adminApi", () => {
  it("GETs `/api/admin` + the path, same-origin, asking for JSON, and answers the parsed body", async () => {
    const sent = stubFetch(() => json({ garments: [1, 2] }));
    await expect(adminApi("/garments?status=all")).resolves.toEqual({ garments: [1, 2] });
    expect(sent).toEqual([
      {
        url: "/api/admin/garments?status=all",
        method: "GET",
        credentials: "same-origin",
        headers: { Accept: "application/json" },
        body: undefined,
      },
    ]);
  });

  it("sends a body as JSON with its Content-Type, with the method asked for", async () => {
    const sent = stubFetch(() => json({ ok: true }));
    await adminApi("/garments/7/status", { method: "POST", body: { is_active: false } });
    expect(sent[0]).toMatchObject({
      url: "/api/admin/garments/7/status",
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: { is_active: false },
    });
  });

  it("answers undefined for a 204, without reading a body", async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(adminApi("/instagram-posts/3", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("rejects a refusal with the API's own message, its status and its details", async () => {
    const problems = [{ line: 3, message: "Line 3: the UID is not hex." }];
    stubFetch(() =>
      json({ error: { code: "invalid", message: "The file has 1 problem.", details: { problems } } }, 400),
    );
    const error = await failure(adminApi("/tag-batches/1/import", { method: "POST", body: { csv: "x" } }));
    expect(error.status).toBe(400);
    expect(error.message).toBe("The file has 1 problem.");
    expect(error.details).toEqual({ problems });
  });

  it("names the status when the refusal's body is not the API's JSON", async () => {
    stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await failure(adminApi("/stats"));
    expect(error.status).toBe(502);
    expect(error.message).toBe("The server answered 502.");
    expect(error.details).toBeUndefined();
  });

  it("turns a network failure into status 0 and words to try again", async () => {
    stubFetch(() => new TypeError("Failed to fetch"));
    const error = await failure(adminApi("/stats"));
    expect(error.status).toBe(0);
    expect(error.message).toBe("The server could not be reached. Check the connection and try again.");
  });
});

describe("adminText", () => {
  it("answers a file's text as sent", async () => {
    const csv = "Chip ID,UID\r\nRLV-1,04A23B4C5D6E7F\r\n";
    const sent = stubFetch(() => new Response(csv, { headers: { "Content-Type": "text/csv" } }));
    await expect(adminText("/tags/export.csv")).resolves.toBe(csv);
    expect(sent[0]?.url).toBe("/api/admin/tags/export.csv");
  });

  it("rejects a refusal as adminApi does", async () => {
    stubFetch(() => json({ error: { code: "forbidden", message: "Admin privileges required" } }, 403));
    const error = await failure(adminText("/tags/export.csv"));
    expect([error.status, error.message]).toEqual([403, "Admin privileges required"]);
  });
});
