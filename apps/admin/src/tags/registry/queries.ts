import type { AdminTag, BatchImportResult, BatchProgramInput, TagPage } from "@releve/core/tags/contracts";
import type { TagAction } from "@releve/core/tags/rules";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi, adminText } from "../../api";
import { keys, keysetQuery } from "../../queries";
import { filterQuery, type TagFilters } from "./filters";

/** The registry's tags: every view of them refreshes together. */
export const tagKeys = { all: ["admin", "tags"] } as const;

export const tagsQuery = (filters: TagFilters) =>
  keysetQuery<TagPage>([...tagKeys.all, "list", filters], `/tags${filterQuery(filters)}`, true);

/** A lifecycle change: audited server-side, it moves the tag lists, batch counters, stats and the audit log. */
export function useTagAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tag, action, reason }: { tag: AdminTag; action: TagAction; reason: string }) =>
      adminApi<AdminTag>(`/tags/${tag.id}/status`, { method: "POST", body: { action, reason } }),
    onSuccess: () =>
      Promise.all(
        [tagKeys.all, keys.batches, keys.garments, keys.stats, keys.audit].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

const invalidateBatchWork = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all(
    [keys.batches, tagKeys.all, keys.garments, keys.stats, keys.audit].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );

/** The tags an encoder CSV lists: its non-empty lines after the header. */
export const encoderRowCount = (csv: string) => csv.split(/\r?\n/).filter(Boolean).length - 1;

/**
 * Programs `count` stock garments in the batch (one request, all or nothing). The answer is
 * the encoder's CSV; its data rows are the tags made.
 */
export function useProgramBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ batchId, input }: { batchId: number; input: BatchProgramInput }) => {
      const csv = await adminText(`/tag-batches/${batchId}/program`, { method: "POST", body: input });
      return { programmed: encoderRowCount(csv) };
    },
    onSuccess: () => invalidateBatchWork(client),
  });
}

/** An encoder's (UID, slug) file: all rows or none; a refusal carries `details.problems`. */
export function useImportBatch(batchId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      adminApi<BatchImportResult>(`/tag-batches/${batchId}/import`, { method: "POST", body: { csv } }),
    onSuccess: () => invalidateBatchWork(client),
  });
}

/** Registers the tag as a secure NTAG 424 DNA (issue #21): its UID and key version; audited. */
export function useMakeSecure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tag, uid, keyVersion }: { tag: AdminTag; uid: string; keyVersion: number }) =>
      adminApi<AdminTag>(`/tags/${tag.id}/secure`, { method: "POST", body: { uid, key_version: keyVersion } }),
    onSuccess: () => Promise.all([tagKeys.all, keys.audit].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
