import type { AdminTag } from "@releve/core/tags/contracts";
import { TAG_MESSAGES, tagsCsvFileName } from "@releve/core/tags/rules";
import { Button, FormAlert, TextField } from "@releve/ui";
import { type FormEvent, useRef, useState } from "react";
import { useNotify } from "../../notify";
import { Modal } from "../../ui";
import { ClientPanel, type PickedClient } from "./clients";
import { type Failure, failureOf, transportFailure } from "./failure";
import { makeReadOnly } from "./nfc-device";
import type { NfcMode } from "./reader";
import { SimulationBadge } from "./tag-card";
import { exportTagsCsv, type LookupBy, useLockTag, useReassignTag } from "./tag-queries";
import { isLockable, lookupByText } from "./tag-rules";

/**
 * The utilities panel (spec part 2 §4): search by tag UID, and on the tag found or read:
 * reassign its garment, lock it; the registry's CSV export.
 */
export function UtilitiesPanel({
  mode,
  tag,
  searching,
  searchError,
  onSearch,
  onTagChanged,
}: {
  mode: NfcMode;
  tag: AdminTag | null;
  searching: boolean;
  searchError: Failure | null;
  onSearch: (by: LookupBy) => void;
  onTagChanged: (tag: AdminTag) => void;
}) {
  const [uid, setUid] = useState("");
  const [dialog, setDialog] = useState<"reassign" | "lock" | null>(null);
  const [exporting, setExporting] = useState(false);
  const notify = useNotify();

  function search(event: FormEvent) {
    event.preventDefault();
    onSearch(lookupByText(uid));
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const csv = await exportTagsCsv();
      const link = document.createElement("a");
      const href = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
      link.href = href;
      link.download = tagsCsvFileName();
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 1_000);
      notify({ type: "success", title: TAG_MESSAGES.exportDone, description: link.download });
    } catch (error) {
      const failure = failureOf(error, TAG_MESSAGES.exportFailed);
      notify({ type: "error", title: failure.title, description: failure.message });
    } finally {
      setExporting(false);
    }
  }

  const lockable = isLockable(tag);

  return (
    <section
      aria-labelledby="utilities-heading"
      className="flex min-w-0 flex-col gap-4 border border-ink/10 bg-white p-4"
    >
      <h2 id="utilities-heading" className="font-display text-2xl">
        Utilities
      </h2>
      <form
        onSubmit={search}
        className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-end"
        aria-label="Search by tag UID"
      >
        <TextField
          label="Search by tag UID"
          name="uid"
          value={uid}
          onChange={(e) => setUid(e.target.value)}
          placeholder="04:A2:3B:4C:5D:6E:7F"
          hint="The UID read from the chip (4, 7 or 10 bytes in hex), or its chip id."
          autoComplete="off"
          spellCheck={false}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" disabled={searching || !uid.trim()} aria-busy={searching}>
          {searching ? "Searching..." : "Search"}
        </Button>
      </form>
      {searchError && (
        <div role="alert" className="border-l-2 border-danger bg-danger/5 px-4 py-3 text-sm text-danger">
          <p className="font-medium">{searchError.title}</p>
          <p>{searchError.message}</p>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <p className="text-sm text-stone">
          {tag
            ? `On the tag shown (${tag.chipId}):`
            : "Read a tag or search by its UID to reassign its garment or lock it."}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog("reassign")} disabled={!tag?.garment}>
            Reassign
          </Button>
          <Button variant="danger" onClick={() => setDialog("lock")} disabled={!lockable}>
            Lock tag
          </Button>
          <Button variant="secondary" onClick={exportCsv} disabled={exporting} aria-busy={exporting}>
            {exporting ? "Exporting..." : "Export CSV"}
          </Button>
        </div>
        {tag && !lockable && tag.status !== "locked" && (
          <p className="text-xs text-stone">Only a written, working tag can be locked.</p>
        )}
      </div>
      {dialog === "reassign" && tag && (
        <ReassignDialog tag={tag} onClose={() => setDialog(null)} onDone={onTagChanged} />
      )}
      {dialog === "lock" && tag && (
        <LockDialog tag={tag} mode={mode} onClose={() => setDialog(null)} onDone={onTagChanged} />
      )}
    </section>
  );
}

function ReassignDialog({
  tag,
  onClose,
  onDone,
}: {
  tag: AdminTag;
  onClose: () => void;
  onDone: (tag: AdminTag) => void;
}) {
  const [client, setClient] = useState<PickedClient | null>(null);
  const reassign = useReassignTag();
  const failed = reassign.isError ? failureOf(reassign.error, TAG_MESSAGES.reassignFailed) : null;
  const notify = useNotify();
  const go = (to: PickedClient) =>
    reassign.mutate(
      { id: tag.id, profileId: to.profileId },
      {
        onSuccess: (answer) => {
          notify({
            type: "success",
            title: answer.message,
            description: `${tag.garment?.title ?? tag.chipId} → ${to.name}`,
          });
          onDone(answer.tag);
          onClose();
        },
      },
    );
  return (
    <Modal title="Reassign garment" onClose={onClose}>
      <p className="mt-3 text-sm">
        {tag.garment?.title ?? tag.chipId}
        {tag.owner ? `, now owned by ${tag.owner.name}.` : ", unclaimed."} Choose its new owner.
      </p>
      <div className="mt-4">
        <ClientPanel selected={client} onSelect={setClient}>
          {client && (
            <Button onClick={() => go(client)} disabled={reassign.isPending} aria-busy={reassign.isPending}>
              {reassign.isPending ? "Reassigning..." : `Reassign to ${client.name}`}
            </Button>
          )}
        </ClientPanel>
      </div>
      {failed && (
        <FormAlert title={failed.title} className="mt-3">
          {failed.message}
        </FormAlert>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}

/** Locking is permanent: with Web NFC the chip is made read-only first, then the registry records it. */
function LockDialog({
  tag,
  mode,
  onClose,
  onDone,
}: {
  tag: AdminTag;
  mode: NfcMode;
  onClose: () => void;
  onDone: (tag: AdminTag) => void;
}) {
  const lock = useLockTag();
  const [phase, setPhase] = useState<"confirm" | "holding" | "recording">("confirm");
  const [error, setError] = useState<string | null>(null);
  const cancel = useRef<AbortController | null>(null);
  const notify = useNotify();

  async function confirm() {
    setError(null);
    if (mode === "web-nfc") {
      setPhase("holding");
      cancel.current = new AbortController();
      try {
        await makeReadOnly(cancel.current.signal, tag.uid);
      } catch (e) {
        setError((e as Error).message);
        setPhase("confirm");
        return;
      }
    }
    setPhase("recording");
    lock.mutate(tag.id, {
      onSuccess: (locked) => {
        notify({ type: "success", title: "Tag locked", description: locked.chipId });
        onDone(locked);
        onClose();
      },
      onError: (e) => {
        const transport = transportFailure(e);
        setError(transport ? `${transport.title}: ${transport.message}` : e.message);
        setPhase("confirm");
      },
    });
  }

  return (
    <Modal
      title="Lock tag"
      onClose={() => {
        cancel.current?.abort();
        onClose();
      }}
    >
      <p className="mt-3 text-sm">
        Locking makes {tag.chipId} read-only <strong>permanently</strong>: its record can never be written again, not
        even to fix a mistake.
      </p>
      {mode === "simulation" && (
        <div className="mt-3">
          <SimulationBadge />
          <p className="mt-1 text-xs text-stone">The registry records the lock; no chip is made read-only.</p>
        </div>
      )}
      {phase === "holding" && (
        <p role="status" className="mt-3 text-sm">
          Hold the tag against the back of the phone...
        </p>
      )}
      {phase === "recording" && (
        <p role="status" className="mt-3 text-sm">
          Recording the lock...
        </p>
      )}
      {error && <FormAlert className="mt-3">{error}</FormAlert>}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            cancel.current?.abort();
            onClose();
          }}
        >
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={phase !== "confirm"} aria-busy={phase !== "confirm"}>
          Lock permanently
        </Button>
      </div>
    </Modal>
  );
}
