import type { AuditEntry, DeadLetter, EventLogPage } from "@releve/core/platform/admin-api";
import type { AdminStats } from "@releve/core/platform/admin-portal";
import type { InstagramPost, InstagramPostInput } from "@releve/core/site/contracts";
import type {
  AdminClient,
  AdminGarment,
  GarmentFilter,
  GarmentPage,
  TagBatch,
  TagBatchInput,
  UnclaimedPage,
} from "@releve/core/tags/contracts";
import type { ScanHistoryPage } from "@releve/core/tap/contracts";
import type { AdminOwnershipHistory } from "@releve/core/wardrobe/transfer";
import {
  infiniteQueryOptions,
  keepPreviousData,
  QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { adminApi } from "./api";

/** One client per mounted portal; an error shows at once with its 'Try again', as before. */
export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** Query keys per resource: invalidating a prefix refreshes every view of that resource. */
export const keys = {
  stats: ["admin", "stats"],
  audit: ["admin", "audit"],
  garments: ["admin", "garments"],
  scans: ["admin", "scans"],
  clients: ["admin", "clients"],
  batches: ["admin", "tag-batches"],
  posts: ["admin", "instagram-posts"],
  products: ["admin", "products"],
  events: ["admin", "events-log"],
} as const;

const q = (value: string) => encodeURIComponent(value);

export const statsQuery = queryOptions({ queryKey: keys.stats, queryFn: () => adminApi<AdminStats>("/stats") });

export const auditQuery = queryOptions({
  queryKey: keys.audit,
  queryFn: () => adminApi<{ entries: AuditEntry[] }>("/audit"),
});

/** `path` asking for the page after `before` (keyset, issue #30), or the first page. */
const withBefore = (path: string, before: string | null) =>
  before ? `${path}${path.includes("?") ? "&" : "?"}before=${q(before)}` : path;

/**
 * A keyset-paged list: each page from `path` after the cursor the page before ended with, until
 * a page has none. 'Load more' adds the next page; a change refetches every page shown. With
 * `keepPrevious` a new search keeps showing the old list while it loads (aria-busy).
 */
export const keysetQuery = <Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  path: string,
  keepPrevious = false,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => adminApi<Page>(withBefore(path, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Page) => page.nextCursor,
    ...(keepPrevious && { placeholderData: keepPreviousData }),
  });

export const garmentsQuery = (search: string, status: GarmentFilter) =>
  keysetQuery<GarmentPage>(
    [...keys.garments, "list", status, search],
    `/garments?status=${status}${search ? `&q=${q(search)}` : ""}`,
    true,
  );

/** A garment's ownership history (issue #32): refreshed with the garments after a reassign. */
export const ownershipQuery = (garmentId: number) =>
  queryOptions({
    queryKey: [...keys.garments, "ownership", garmentId],
    queryFn: () => adminApi<AdminOwnershipHistory>(`/garments/${garmentId}/ownership`),
  });

export const unclaimedQuery = keysetQuery<UnclaimedPage>([...keys.garments, "unclaimed"], "/garments/unclaimed");

export const scansQuery = keysetQuery<ScanHistoryPage>([...keys.scans, "recent"], "/scans/recent");

/** Only the suspect taps (counterfeit alerts, issue #21): scan history's newest, filtered on the server. */
export const suspectScansQuery = keysetQuery<ScanHistoryPage>([...keys.scans, "suspect"], "/scans/recent?type=suspect");

export const clientsQuery = (search: string | null) =>
  queryOptions({
    queryKey: [...keys.clients, search],
    queryFn: () => adminApi<{ clients: AdminClient[] }>(`/clients?q=${q(search ?? "")}`),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });

export const batchesQuery = queryOptions({
  queryKey: keys.batches,
  queryFn: () => adminApi<{ batches: TagBatch[] }>("/tag-batches"),
});

export const postsQuery = queryOptions({
  queryKey: keys.posts,
  queryFn: () => adminApi<{ posts: InstagramPost[] }>("/instagram-posts"),
});

/** The domain event log (issue #48), newest first, 25 at a time. */
export const eventLogQuery = keysetQuery<EventLogPage>([...keys.events, "log"], "/activity");

export const deadLettersQuery = queryOptions({
  queryKey: [...keys.events, "dead-letters"],
  queryFn: () => adminApi<{ letters: DeadLetter[] }>("/dead-letters"),
});

/** A write to the admin API that, once done, refreshes the queries it affects. */
function useAdminMutation<Vars>(request: (vars: Vars) => Promise<unknown>, affects: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    // Awaited, so the mutation stays pending until the lists show the change.
    onSuccess: () => Promise.all(affects.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

// Every change lands in the audit log; garment and batch changes also move the figures.
export const useSetGarmentStatus = () =>
  useAdminMutation(
    (garment: AdminGarment) =>
      adminApi(`/garments/${garment.id}/status`, { method: "POST", body: { is_active: !garment.isActive } }),
    [keys.garments, keys.stats, keys.audit],
  );

export const useReassignGarment = () =>
  useAdminMutation(
    ({ garmentId, clientId }: { garmentId: number; clientId: string }) =>
      adminApi(`/garments/${garmentId}/reassign`, { method: "POST", body: { client_id: clientId } }),
    [keys.garments, keys.stats, keys.audit],
  );

export const useMarkProgrammed = () =>
  useAdminMutation(
    (garmentId: number) => adminApi(`/garments/${garmentId}/programmed`, { method: "POST" }),
    [keys.garments, keys.stats, keys.audit],
  );

export const useCreateBatch = () =>
  useAdminMutation(
    (batch: TagBatchInput) => adminApi("/tag-batches", { method: "POST", body: batch }),
    [keys.batches, keys.stats, keys.audit],
  );

export const useSavePost = () =>
  useAdminMutation(
    ({ id, post }: { id: number | "new"; post: InstagramPostInput }) =>
      id === "new"
        ? adminApi("/instagram-posts", { method: "POST", body: post })
        : adminApi(`/instagram-posts/${id}`, { method: "PUT", body: post }),
    [keys.posts, keys.audit],
  );

export const useDeletePost = () =>
  useAdminMutation(
    (post: InstagramPost) => adminApi(`/instagram-posts/${post.id}`, { method: "DELETE" }),
    [keys.posts, keys.audit],
  );

export const useRetryDeadLetter = () =>
  useAdminMutation(
    (eventId: string) =>
      adminApi<{ queued: number; message: string }>(`/dead-letters/${encodeURIComponent(eventId)}/retry`, {
        method: "POST",
      }),
    [keys.events],
  );
