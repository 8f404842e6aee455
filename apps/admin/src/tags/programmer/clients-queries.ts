import type {
  AdminClient,
  BrandEvent,
  BrandEventInput,
  BrandEventStatusInput,
  CapturedGuest,
  CreateClientInput,
  CreatedClient,
  GuestCaptureInput,
} from "@releve/core/tags/contracts";
import { keepPreviousData, type QueryKey, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../../api";
import { keys } from "../../queries";

/** The programmer's brand events (the active-events selector); clients share the portal's key. */
const brandEventsKey = ["admin", "brand-events"] as const;

/** `GET /clients?q=`: 10 clients at most; only asked for a term of CLIENT_SEARCH_MIN_LENGTH or more. */
export const clientSearchQuery = (term: string | null) =>
  queryOptions({
    queryKey: [...keys.clients, "programmer", term],
    queryFn: () => adminApi<{ clients: AdminClient[] }>(`/clients?q=${encodeURIComponent(term ?? "")}`),
    enabled: term !== null,
    placeholderData: keepPreviousData,
  });

export const brandEventsQuery = queryOptions({
  queryKey: brandEventsKey,
  queryFn: () => adminApi<{ events: BrandEvent[] }>("/events"),
});

function useWrite<Vars, Result>(request: (vars: Vars) => Promise<Result>, affects: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => Promise.all(affects.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useCreateClient = () =>
  useWrite(
    (body: CreateClientInput) => adminApi<CreatedClient>("/clients", { method: "POST", body }),
    [keys.clients, keys.stats, keys.audit],
  );

export const useCreateBrandEvent = () =>
  useWrite(
    (body: BrandEventInput) => adminApi<{ event: BrandEvent; message: string }>("/events", { method: "POST", body }),
    [brandEventsKey, keys.audit],
  );

/** Closes or reopens an event; the list reorders (open ones first) and the panel drops a closed active event. */
export const useSetBrandEventActive = () =>
  useWrite(
    (event: BrandEvent) =>
      adminApi<{ event: BrandEvent; message: string }>(`/events/${event.id}/status`, {
        method: "POST",
        body: { is_active: !event.isActive } satisfies BrandEventStatusInput,
      }),
    [brandEventsKey, keys.audit],
  );

export const useCaptureGuest = () =>
  useWrite((body: GuestCaptureInput) => adminApi<CapturedGuest>("/guests", { method: "POST", body }), [keys.audit]);
