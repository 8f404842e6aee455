import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keys } from "../../queries";
import { adminTag, json, runHook, stubFetch } from "../../testing/doubles";
import { tagKeys } from "../registry/queries";
import { lookupTag, useLockTag, useRecordWrite } from "./tag-queries";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("lookupTag", () => {
  it("asks by UID, chip id or link, encoded", async () => {
    const sent = stubFetch(() => json({ state: "Unknown", tag: null }));
    await lookupTag({ uid: "04A23B4C5D6E7F" });
    await lookupTag({ chip_id: "RLV-000031" });
    await lookupTag({ slug: "https://releve.test/t/cg-003?x=1" });
    expect(sent.map((r) => r.url)).toEqual([
      "/api/admin/tags/lookup?uid=04A23B4C5D6E7F",
      "/api/admin/tags/lookup?chip_id=RLV-000031",
      "/api/admin/tags/lookup?slug=https%3A%2F%2Freleve.test%2Ft%2Fcg-003%3Fx%3D1",
    ]);
  });
});

describe("the programmer's tag writes", () => {
  const cached = () => {
    const client = new QueryClient();
    for (const key of [tagKeys.all, keys.batches, keys.garments, keys.stats, keys.audit, keys.posts]) {
      client.setQueryData([...key, "cached"], {});
    }
    return client;
  };
  const invalidated = (client: QueryClient) =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[1])
      .sort();

  it("recording a write posts its result and refreshes every view of tags", async () => {
    const tag = adminTag();
    const sent = stubFetch(() => json({ tag, message: "Tag Programmed Successfully" }));
    const client = cached();
    const result = { ok: true as const, uid: "04A23B4C5D6E7F", device_info: { mode: "web-nfc" } };
    await runHook(client, useRecordWrite).mutateAsync({ id: 31, result });
    expect(sent[0]).toMatchObject({ method: "POST", url: "/api/admin/tags/31/write-result", body: result });
    expect(invalidated(client)).toEqual(["audit", "garments", "stats", "tag-batches", "tags"]);
  });

  it("refreshes them after a refused write too: the server may have changed the tag anyway", async () => {
    stubFetch(() => json({ error: { code: "conflict", message: "This tag is locked." } }, 409));
    const client = cached();
    await expect(runHook(client, useLockTag).mutateAsync(31)).rejects.toThrow("This tag is locked.");
    expect(invalidated(client)).toEqual(["audit", "garments", "stats", "tag-batches", "tags"]);
  });
});
