import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keys } from "../../queries";
import { json, runHook, stubFetch } from "../../testing/doubles";
import { encoderRowCount, tagKeys, tagsQuery, useImportBatch, useProgramBatch } from "./queries";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("encoderRowCount", () => {
  it("counts the data rows after the header, whatever the line endings", () => {
    expect(encoderRowCount("chip_id,url\r\nRLV-1,https://r.test/t/a\r\nRLV-2,https://r.test/t/b\r\n")).toBe(2);
    expect(encoderRowCount("chip_id,url\nRLV-1,https://r.test/t/a")).toBe(1);
    expect(encoderRowCount("chip_id,url\n")).toBe(0);
  });
});

describe("tagsQuery", () => {
  it("asks the registry with its filters, one list per set of filters", async () => {
    const sent = stubFetch(() => json({ tags: [], pageSize: 50, total: 0, nextCursor: null }));
    await new QueryClient().fetchInfiniteQuery(tagsQuery({ q: "RLV", status: "active", batchId: 4 }));
    expect(sent[0]?.url).toBe("/api/admin/tags?q=RLV&status=active&batch_id=4");
    expect(tagsQuery({ q: "", status: "", batchId: null }).queryKey).not.toEqual(
      tagsQuery({ q: "", status: "", batchId: 4 }).queryKey,
    );
  });
});

describe("the batch writes", () => {
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

  it("programming a batch answers how many tags the encoder CSV lists, and refreshes everything they move", async () => {
    const sent = stubFetch(() => new Response("chip_id,url\nRLV-1,u1\nRLV-2,u2\nRLV-3,u3\n"));
    const client = cached();
    const input = { garment_type: "Hat" as const, count: 3, tag_type: "NTAG213" as const, pool: true };
    await expect(runHook(client, useProgramBatch).mutateAsync({ batchId: 6, input })).resolves.toEqual({
      programmed: 3,
    });
    expect(sent[0]).toMatchObject({ method: "POST", url: "/api/admin/tag-batches/6/program", body: input });
    expect(invalidated(client)).toEqual(["audit", "garments", "stats", "tag-batches", "tags"]);
  });

  it("an import sends the CSV to its batch", async () => {
    const sent = stubFetch(() => json({ assigned: 2, unchanged: 1 }));
    const client = new QueryClient();
    await expect(runHook(client, () => useImportBatch(6)).mutateAsync("UID,Slug\n04A2,ja-1")).resolves.toEqual({
      assigned: 2,
      unchanged: 1,
    });
    expect(sent[0]).toMatchObject({ url: "/api/admin/tag-batches/6/import", body: { csv: "UID,Slug\n04A2,ja-1" } });
  });
});
