import type { AdminGarment } from "@releve/core/tags/contracts";
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clientsQuery,
  createQueryClient,
  garmentsQuery,
  keys,
  keysetQuery,
  scansQuery,
  suspectScansQuery,
  useCreateBatch,
  useDeletePost,
  useMarkProgrammed,
  useReassignGarment,
  useSavePost,
  useSetGarmentStatus,
} from "./queries";
import { json, runHook, stubFetch } from "./testing/doubles";

afterEach(() => {
  vi.unstubAllGlobals();
});

type Page = { rows: string[]; nextCursor: string | null };

/** Answers each page by the `before` it asks for: three pages, then none after. */
const pagesByCursor: Record<string, Page> = {
  "": { rows: ["a", "b"], nextCursor: "1700000000000-12" },
  "1700000000000-12": { rows: ["c", "d"], nextCursor: "1600000000000-7" },
  "1600000000000-7": { rows: ["e"], nextCursor: null },
};
const answerPages = () =>
  stubFetch((request) => {
    const before = new URL(request.url, "https://admin.test").searchParams.get("before") ?? "";
    const page = pagesByCursor[before];
    return page ? json(page) : json({ error: { code: "bad", message: `No page after ${before}` } }, 400);
  });

describe("createQueryClient", () => {
  it("shows an error at once (no retry) and does not refetch on focus", () => {
    expect(createQueryClient().getDefaultOptions().queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
    });
  });
});

describe("keysetQuery: a keyset-paged list", () => {
  it("asks the first page without a cursor, then each next page after the cursor the one before ended with", async () => {
    const sent = answerPages();
    const data = await new QueryClient().fetchInfiniteQuery({
      ...keysetQuery<Page>(["test", "list"], "/garments/unclaimed"),
      pages: 3,
    });
    expect(sent.map((r) => r.url)).toEqual([
      "/api/admin/garments/unclaimed",
      "/api/admin/garments/unclaimed?before=1700000000000-12",
      "/api/admin/garments/unclaimed?before=1600000000000-7",
    ]);
    expect(data.pages.flatMap((p) => p.rows)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("stops at the page whose nextCursor is null", async () => {
    const sent = answerPages();
    const data = await new QueryClient().fetchInfiniteQuery({
      ...keysetQuery<Page>(["test", "list"], "/scans/recent"),
      pages: 10,
    });
    expect(sent).toHaveLength(3);
    expect(data.pages).toHaveLength(3);
  });

  it("adds the cursor with & to a path that already has a query, URL-encoded", async () => {
    const sent = stubFetch((r) => json({ rows: [], nextCursor: r.url.includes("before=") ? null : "a b/c" }));
    await new QueryClient().fetchInfiniteQuery({
      ...keysetQuery<Page>(["test"], "/scans/recent?type=suspect"),
      pages: 2,
    });
    expect(sent.map((r) => r.url)).toEqual([
      "/api/admin/scans/recent?type=suspect",
      "/api/admin/scans/recent?type=suspect&before=a%20b%2Fc",
    ]);
  });

  it("keeps the previous list on screen while a new search loads only when asked to", () => {
    expect(keysetQuery(["a"], "/a", true).placeholderData).toBeTypeOf("function");
    expect(keysetQuery(["a"], "/a").placeholderData).toBeUndefined();
  });
});

describe("the portal's lists", () => {
  it("garments: the filter always, the search only when there is one, encoded", async () => {
    const sent = stubFetch(() => json({ garments: [], pageSize: 50, nextCursor: null }));
    const client = new QueryClient();
    await client.fetchInfiniteQuery(garmentsQuery("", "claimed"));
    await client.fetchInfiniteQuery(garmentsQuery("Émile & co?", "all"));
    expect(sent.map((r) => r.url)).toEqual([
      "/api/admin/garments?status=claimed",
      "/api/admin/garments?status=all&q=%C3%89mile%20%26%20co%3F",
    ]);
  });

  it("garments: each search and filter is a list of its own under the garments key", () => {
    const claimed = garmentsQuery("silk", "claimed").queryKey;
    const all = garmentsQuery("silk", "all").queryKey;
    expect(claimed.slice(0, 2)).toEqual([...keys.garments]);
    expect(claimed).not.toEqual(all);
  });

  it("scan history and the counterfeit alerts are two lists of the same scans", async () => {
    const sent = stubFetch(() => json({ scans: [], nextCursor: null }));
    const client = new QueryClient();
    await client.fetchInfiniteQuery(scansQuery);
    await client.fetchInfiniteQuery(suspectScansQuery);
    expect(sent.map((r) => r.url)).toEqual(["/api/admin/scans/recent", "/api/admin/scans/recent?type=suspect"]);
    expect(scansQuery.queryKey.slice(0, 2)).toEqual([...keys.scans]);
    expect(suspectScansQuery.queryKey.slice(0, 2)).toEqual([...keys.scans]);
  });

  it("clients: not asked for until a search is made; then the encoded term", async () => {
    expect(clientsQuery(null).enabled).toBe(false);
    expect(clientsQuery("").enabled).toBe(true);
    const sent = stubFetch(() => json({ clients: [] }));
    await new QueryClient().fetchQuery(clientsQuery("ana+b@x.fr"));
    expect(sent[0]?.url).toBe("/api/admin/clients?q=ana%2Bb%40x.fr");
  });
});

const garment: AdminGarment = {
  id: 7,
  title: "Cashmere Gown",
  brand: "Relevé",
  garmentType: "Dress",
  shortSlug: "cg-003",
  digitalLink: null,
  status: "claimed",
  isActive: true,
  createdAt: 1_700_000_000_000,
  claimedAt: 1_700_000_500_000,
  owner: { profileId: 4, name: "Camille Laurent", email: "owner@releve.local" },
};

/** A client holding one cached query under each resource's key, none of them invalidated yet. */
function clientWithEveryResource() {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData([...key, "cached"], { cached: true });
  return client;
}
const invalidated = (client: QueryClient) =>
  Object.entries(keys)
    .filter(([, key]) => client.getQueryState([...key, "cached"] as QueryKey)?.isInvalidated)
    .map(([name]) => name)
    .sort();

describe("the portal's writes", () => {
  it("toggling a garment sends the opposite of its state, then refreshes garments, figures and the audit log", async () => {
    const sent = stubFetch(() => json({ ok: true }));
    const client = clientWithEveryResource();
    await runHook(client, useSetGarmentStatus).mutateAsync(garment);
    await runHook(client, useSetGarmentStatus).mutateAsync({ ...garment, isActive: false });
    expect(sent.map((r) => [r.method, r.url, r.body])).toEqual([
      ["POST", "/api/admin/garments/7/status", { is_active: false }],
      ["POST", "/api/admin/garments/7/status", { is_active: true }],
    ]);
    expect(invalidated(client)).toEqual(["audit", "garments", "stats"]);
  });

  it("reassigning sends the client id; marking programmed sends no body", async () => {
    const sent = stubFetch(() => json({ ok: true }));
    const client = new QueryClient();
    await runHook(client, useReassignGarment).mutateAsync({ garmentId: 7, clientId: "42" });
    await runHook(client, useMarkProgrammed).mutateAsync(9);
    expect(sent.map((r) => [r.method, r.url, r.body])).toEqual([
      ["POST", "/api/admin/garments/7/reassign", { client_id: "42" }],
      ["POST", "/api/admin/garments/9/programmed", undefined],
    ]);
  });

  it("a new batch refreshes the batches, figures and audit log, not the garments", async () => {
    stubFetch(() => json({ id: 1 }));
    const client = clientWithEveryResource();
    await runHook(client, useCreateBatch).mutateAsync({ batch_name: "Spring", description: "" });
    expect(invalidated(client)).toEqual(["audit", "batches", "stats"]);
  });

  it("a post is created with POST when new, replaced with PUT otherwise, deleted with DELETE", async () => {
    const sent = stubFetch((r) => (r.method === "DELETE" ? new Response(null, { status: 204 }) : json({})));
    const client = clientWithEveryResource();
    const post = { image_url: "/images/a.jpg", caption: "A", permalink: "", display_order: 2, is_active: true };
    await runHook(client, useSavePost).mutateAsync({ id: "new", post });
    await runHook(client, useSavePost).mutateAsync({ id: 5, post });
    await runHook(client, useDeletePost).mutateAsync({ ...post, id: 5, caption: "A", permalink: null });
    expect(sent.map((r) => [r.method, r.url])).toEqual([
      ["POST", "/api/admin/instagram-posts"],
      ["PUT", "/api/admin/instagram-posts/5"],
      ["DELETE", "/api/admin/instagram-posts/5"],
    ]);
    expect(sent[1]?.body).toEqual(post);
    expect(invalidated(client)).toEqual(["audit", "posts"]);
  });

  it("a refused write refreshes nothing and rejects with the API's message", async () => {
    stubFetch(() => json({ error: { code: "not_found", message: "Garment not found." } }, 404));
    const client = clientWithEveryResource();
    await expect(runHook(client, useMarkProgrammed).mutateAsync(99)).rejects.toThrow("Garment not found.");
    expect(invalidated(client)).toEqual([]);
  });
});
