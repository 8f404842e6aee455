import type {
  AdminTag,
  ProgrammedTag,
  ProgramTagInput,
  TagLookup,
  WriteResult,
  WriteResultInput,
} from "@releve/core/tags/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi, adminText } from "../../api";
import { keys } from "../../queries";
import { tagKeys } from "../registry/queries";

/** Everything a tag change can move: the registry, batches' counters, garments, figures, the audit log. */
const TAG_AFFECTS = [tagKeys.all, keys.batches, keys.garments, keys.stats, keys.audit] as const;

function useTagWrite<Vars, Result>(request: (vars: Vars) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => Promise.all(TAG_AFFECTS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** `POST /tags`: registers the garment and its tag (uninitialized until the write is recorded). */
export const useProgramTag = () =>
  useTagWrite((body: ProgramTagInput) => adminApi<ProgrammedTag>("/tags", { method: "POST", body }));

/** `POST /tags/:id/write-result`: success makes the tag active, failure inactive (the server's rule). */
export const useRecordWrite = () =>
  useTagWrite(({ id, result }: { id: number; result: WriteResultInput }) =>
    adminApi<WriteResult>(`/tags/${id}/write-result`, { method: "POST", body: result }),
  );

export const useLockTag = () => useTagWrite((id: number) => adminApi<AdminTag>(`/tags/${id}/lock`, { method: "POST" }));

export const useReassignTag = () =>
  useTagWrite(({ id, profileId }: { id: number; profileId: number }) =>
    adminApi<{ tag: AdminTag; message: string }>(`/tags/${id}/reassign`, {
      method: "POST",
      body: { client_id: profileId },
    }),
  );

/** What a lookup is by: a typed or read UID, a chip id, or a read record's `/t/<slug>` URL. */
export type LookupBy = { uid: string } | { chip_id: string } | { slug: string };

export const lookupTag = (by: LookupBy) => {
  const [key, value] = Object.entries(by)[0] ?? ["uid", ""];
  return adminApi<TagLookup>(`/tags/lookup?${key}=${encodeURIComponent(value)}`);
};

/** The registry as CSV (`GET /tags/export.csv`). */
export const exportTagsCsv = () => adminText("/tags/export.csv");
