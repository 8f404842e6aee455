import { ADMIN_MESSAGES, type AdminClient, type AdminGarment } from "@releve/core/admin-api";
import { type FormEvent, useState } from "react";
import { adminApi } from "./api";
import { useNotify } from "./notice";
import { Button, Empty, Field, formatDate, Modal, NotLoaded } from "./ui";
import { useAdminGet } from "./use-api";

/** 'Registered & Claimed': every garment, newest first, with owner, status and actions. */
export function GarmentsTab({ onChange }: { onChange: () => void }) {
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const list = useAdminGet<{ garments: AdminGarment[]; truncated: boolean }>(
    `/garments${search ? `?q=${encodeURIComponent(search)}` : ""}`,
  );
  const [reassigning, setReassigning] = useState<AdminGarment | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const notify = useNotify();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(query.trim());
  };

  async function toggle(garment: AdminGarment) {
    setBusy(garment.id);
    try {
      await adminApi(`/garments/${garment.id}/status`, { method: "POST", body: { is_active: !garment.isActive } });
      notify("success", garment.isActive ? "Garment deactivated" : "Garment activated", garment.title);
      if (list.state === "ready") list.reload();
      onChange();
    } catch (error) {
      notify("error", ADMIN_MESSAGES.statusFailed, (error as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <search className="flex min-w-0 flex-1">
          <form onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
            <Field
              label="Search garments"
              className="flex-1"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Slug, title, brand, owner or email"
            />
            <Button type="submit" className="self-end">
              Search
            </Button>
          </form>
        </search>
        <a
          href="/api/admin/garments/export.csv"
          download
          onClick={() => notify("success", ADMIN_MESSAGES.exportDone, "garments_export CSV downloaded")}
          className="inline-flex min-h-9 items-center border border-ink/30 bg-white px-3 text-xs uppercase tracking-[0.14em]"
        >
          Export CSV
        </a>
      </div>
      {list.state !== "ready" ? (
        <NotLoaded list={list} label="garments" errorPrefix={ADMIN_MESSAGES.dashboardFailed} />
      ) : list.data.garments.length === 0 ? (
        <Empty>{search ? `No garment matches “${search}”.` : "No garments yet."}</Empty>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Garments" aria-busy={list.refreshing}>
            {list.data.garments.map((g) => (
              <li
                key={g.id}
                className="grid grid-cols-1 gap-3 border border-ink/10 bg-white p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto]"
              >
                <div className="min-w-0">
                  <p className="font-display text-lg">{g.title}</p>
                  <p className="text-xs text-stone">
                    {[g.brand, g.garmentType].filter(Boolean).join(" · ") || "—"} ·{" "}
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
                  <Button onClick={() => toggle(g)} disabled={busy === g.id} aria-busy={busy === g.id}>
                    {g.isActive ? "Deactivate" : "Activate"}
                    <span className="sr-only"> {g.title}</span>
                  </Button>
                  <Button onClick={() => setReassigning(g)}>
                    Reassign<span className="sr-only"> {g.title}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {list.data.truncated && (
            <p className="text-sm text-stone">Showing the newest 200 garments. Search to find older ones.</p>
          )}
        </>
      )}
      {reassigning && (
        <ReassignDialog
          garment={reassigning}
          onClose={() => setReassigning(null)}
          onDone={() => {
            setReassigning(null);
            if (list.state === "ready") list.reload();
            onChange();
          }}
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
  const [results, setResults] = useState<AdminClient[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const notify = useNotify();

  async function find(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const { clients } = await adminApi<{ clients: AdminClient[] }>(`/clients?q=${encodeURIComponent(query)}`);
      setResults(clients);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function reassign(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await adminApi(`/garments/${garment.id}/reassign`, { method: "POST", body: { client_id: clientId } });
      notify("success", ADMIN_MESSAGES.reassigned, `${garment.title} → client ${clientId}`);
      onDone();
    } catch (e) {
      setError(`${ADMIN_MESSAGES.reassignFailed}: ${(e as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={`Reassign ${garment.title}`} onClose={onClose}>
      <form onSubmit={find} className="mt-4 flex gap-2">
        <Field
          label="Find a client"
          className="flex-1"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Name, email or client id"
        />
        <Button type="submit" className="self-end" disabled={!query.trim()}>
          Find
        </Button>
      </form>
      {results && (
        <ul className="mt-3 flex flex-col gap-1" aria-label="Matching clients">
          {results.length === 0 && <li className="text-sm text-stone">No client matches.</li>}
          {results.map((c) => (
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
        <Field
          label="Client id"
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
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={saving || !clientId.trim()} aria-busy={saving}>
            {saving ? "Reassigning..." : "Reassign"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
