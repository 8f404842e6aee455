import { ADMIN_MESSAGES } from "@releve/core/platform/admin-portal";
import { SEARCH_MAX_LENGTH } from "@releve/core/platform/input-limits";
import type { AdminGarment, GarmentFilter } from "@releve/core/tags/contracts";
import { Button, ButtonAnchor, TextField } from "@releve/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNotify } from "../notify";
import { clientsQuery, garmentsQuery, useReassignGarment, useSetGarmentStatus } from "../queries";
import { Empty, formatDate, LoadMore, Modal, NotLoaded, SearchBox } from "../ui";
import {
  digitalLinkPath,
  GARMENT_SHOW_OPTIONS,
  garmentKind,
  garmentsEmptyText,
  statusToggledTitle,
} from "./garments-list";
import { OwnershipHistoryDialog } from "./ownership-history";

/**
 * 'Registered & Claimed': the garments clients own, newest first, with owner, status and
 * actions; 'All garments' adds the unclaimed stock (to reassign a piece to a client).
 */
export function GarmentsTab() {
  const [search, setSearch] = useState("");
  const [show, setShow] = useState<GarmentFilter>("claimed");
  const list = useInfiniteQuery(garmentsQuery(search, show));
  const garments = list.data?.pages.flatMap((page) => page.garments) ?? [];
  const [reassigning, setReassigning] = useState<AdminGarment | null>(null);
  const [history, setHistory] = useState<AdminGarment | null>(null);
  const status = useSetGarmentStatus();
  const busy = status.isPending ? status.variables.id : null;
  const notify = useNotify();

  const toggle = (garment: AdminGarment) =>
    status.mutate(garment, {
      onSuccess: () =>
        notify({
          type: "success",
          title: statusToggledTitle(garment),
          description: garment.title,
        }),
      onError: (error) => notify({ type: "error", title: ADMIN_MESSAGES.statusFailed, description: error.message }),
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchBox
          label="Search garments"
          placeholder="Slug, title, brand, owner or email"
          onSearch={setSearch}
          className="flex min-w-64 flex-1"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="garments-show" className="text-xs font-medium uppercase tracking-[0.16em] text-ink">
            Show
          </label>
          <select
            id="garments-show"
            value={show}
            onChange={(e) => setShow(e.target.value as GarmentFilter)}
            className="min-h-11 border border-ink/20 bg-white px-3 text-base"
          >
            {GARMENT_SHOW_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <ButtonAnchor
          href="/api/admin/garments/export.csv"
          download
          variant="secondary"
          onClick={() =>
            notify({ type: "success", title: ADMIN_MESSAGES.exportDone, description: "garments_export CSV downloaded" })
          }
        >
          Export CSV
        </ButtonAnchor>
      </div>
      {!list.isSuccess ? (
        <NotLoaded query={list} label="garments" errorPrefix={ADMIN_MESSAGES.dashboardFailed} />
      ) : garments.length === 0 ? (
        <Empty>{garmentsEmptyText(search, show)}</Empty>
      ) : (
        <>
          <ul id="garments-list" className="flex flex-col gap-3" aria-label="Garments" aria-busy={list.isFetching}>
            {garments.map((g) => (
              <li
                key={g.id}
                data-list-row
                tabIndex={-1}
                className="grid grid-cols-1 gap-3 border border-ink/10 bg-white p-4 outline-offset-4 md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto]"
              >
                <div className="min-w-0">
                  <p className="font-display text-lg">{g.title}</p>
                  <p className="text-xs text-stone">
                    {garmentKind(g)} ·{" "}
                    <a
                      href={`/t/${g.shortSlug}`}
                      target="_blank"
                      rel="noopener"
                      className="underline underline-offset-2"
                    >
                      /t/{g.shortSlug}
                      <span className="sr-only"> (resolve link, opens in a new tab)</span>
                    </a>
                  </p>
                  {g.digitalLink && (
                    <p className="mt-1 text-xs text-stone">
                      <span className="sr-only">GS1 Digital Link: </span>
                      <a
                        href={g.digitalLink}
                        target="_blank"
                        rel="noopener"
                        className="break-all font-mono underline underline-offset-2"
                      >
                        {digitalLinkPath(g.digitalLink)}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                      {" · "}
                      <a
                        href={`/passport/${g.shortSlug}`}
                        target="_blank"
                        rel="noopener"
                        className="underline underline-offset-2"
                      >
                        About this piece<span className="sr-only">: {g.title}'s passport (opens in a new tab)</span>
                      </a>
                    </p>
                  )}
                  <p className="mt-1 flex flex-wrap gap-2 text-xs">
                    <span className="border border-ink/20 px-1.5">
                      {g.status === "claimed" ? "Claimed" : "Unclaimed"}
                    </span>
                    <span
                      className={`border px-1.5 ${g.isActive ? "border-gold/50 text-gold" : "border-danger/50 text-danger"}`}
                    >
                      {g.isActive ? "Active" : "Inactive"}
                    </span>
                  </p>
                </div>
                <div className="min-w-0 text-sm">
                  {g.owner ? (
                    <>
                      <p className="truncate">{g.owner.name}</p>
                      <p className="truncate text-stone">{g.owner.email ?? "—"}</p>
                      <p className="text-xs text-stone">Claimed {formatDate(g.claimedAt)}</p>
                    </>
                  ) : (
                    <p className="text-stone">No owner · created {formatDate(g.createdAt)}</p>
                  )}
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => toggle(g)}
                    disabled={busy === g.id}
                    aria-busy={busy === g.id}
                  >
                    {g.isActive ? "Deactivate" : "Activate"}
                    <span className="sr-only"> {g.title}</span>
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setReassigning(g)}>
                    Reassign<span className="sr-only"> {g.title}</span>
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setHistory(g)}>
                    History<span className="sr-only"> of {g.title}'s ownership</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <LoadMore listId="garments-list" shown={garments.length} noun={["garment", "garments"]} query={list} />
        </>
      )}
      {history && <OwnershipHistoryDialog garment={history} onClose={() => setHistory(null)} />}
      {reassigning && (
        <ReassignDialog
          garment={reassigning}
          onClose={() => setReassigning(null)}
          onDone={() => setReassigning(null)}
        />
      )}
    </div>
  );
}

function ReassignDialog({
  garment,
  onClose,
  onDone,
}: {
  garment: AdminGarment;
  onClose: () => void;
  onDone: () => void;
}) {
  const [clientId, setClientId] = useState("");
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState<string | null>(null);
  const clients = useQuery(clientsQuery(search));
  const reassigning = useReassignGarment();
  const notify = useNotify();
  const error = reassigning.isError
    ? `${ADMIN_MESSAGES.reassignFailed}: ${reassigning.error.message}`
    : clients.isError
      ? clients.error.message
      : null;

  function find(event: FormEvent) {
    event.preventDefault();
    reassigning.reset();
    if (search === query) clients.refetch();
    else setSearch(query);
  }

  function reassign(event: FormEvent) {
    event.preventDefault();
    reassigning.mutate(
      { garmentId: garment.id, clientId },
      {
        onSuccess: () => {
          notify({
            type: "success",
            title: ADMIN_MESSAGES.reassigned,
            description: `${garment.title} → client ${clientId}`,
          });
          onDone();
        },
      },
    );
  }

  return (
    <Modal title={`Reassign ${garment.title}`} onClose={onClose}>
      <form onSubmit={find} className="mt-4 flex gap-2">
        <TextField
          label="Find a client"
          name="q"
          className="min-w-0 flex-1"
          type="search"
          value={query}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Name, email or client id"
        />
        <Button type="submit" variant="secondary" className="self-end" disabled={!query.trim()}>
          Find
        </Button>
      </form>
      {clients.data && (
        <ul className="mt-3 flex flex-col gap-1" aria-label="Matching clients">
          {clients.data.clients.length === 0 && <li className="text-sm text-stone">No client matches.</li>}
          {clients.data.clients.map((c) => (
            <li key={c.profileId}>
              <button
                type="button"
                onClick={() => setClientId(String(c.profileId))}
                className="w-full border border-ink/10 bg-white px-3 py-2 text-left text-sm hover:border-ink"
              >
                {c.name} · {c.email ?? "no email"} · id {c.profileId}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={reassign} className="mt-5 flex flex-col gap-3">
        <TextField
          label="Client id"
          name="client_id"
          inputMode="numeric"
          value={clientId}
          onChange={(e) => setClientId(e.target.value)}
          required
        />
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={reassigning.isPending || !clientId.trim()} aria-busy={reassigning.isPending}>
            {reassigning.isPending ? "Reassigning..." : "Reassign"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
