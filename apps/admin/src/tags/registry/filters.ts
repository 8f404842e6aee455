import { SEARCH_MAX_LENGTH } from "@releve/core/platform/input-limits";
import type { TagBatch } from "@releve/core/tags/contracts";
import { TAG_STATUSES, type TagStatus } from "@releve/core/tags/rules";

/** The registry's filters: a search, one status (or all), one batch (or all). */
export type TagFilters = { q: string; status: TagStatus | ""; batchId: number | null };

/** `?q=&status=&batch_id=`: the list's filters, the same for its pages and the CSV export. */
export function filterQuery(filters: TagFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.batchId !== null) params.set("batch_id", String(filters.batchId));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Filters a link can open the registry with (`/admin/nfc?q=&status=&batch_id=`); anything unknown is dropped. */
export function filtersFromSearch(search: string): TagFilters {
  const params = new URLSearchParams(search);
  const status = params.get("status") ?? "";
  const batchId = Number(params.get("batch_id"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    status: (TAG_STATUSES as readonly string[]).includes(status) ? (status as TagStatus) : "",
    batchId: Number.isSafeInteger(batchId) && batchId > 0 ? batchId : null,
  };
}

/** Whether any filter narrows the list (then 'Clear filters' shows, and the export says 'matching'). */
export const isFiltered = (filters: TagFilters) =>
  filters.q !== "" || filters.status !== "" || filters.batchId !== null;

/**
 * The batch filter's choices: all batches, then each batch; a batch filter from a link keeps a
 * choice of its own ('Batch 12') until the list of batches names it.
 */
export function batchFilterOptions(
  batches: readonly Pick<TagBatch, "id" | "batch_name">[],
  batchId: number | null,
): [string, string][] {
  const named = batches.some((b) => b.id === batchId && b.batch_name);
  return [
    ["", "All batches"],
    ...batches.map((b) => [String(b.id), b.batch_name] as [string, string]),
    ...(batchId !== null && !named ? [[String(batchId), `Batch ${batchId}`] as [string, string]] : []),
  ];
}
