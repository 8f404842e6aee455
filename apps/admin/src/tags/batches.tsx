import type { TagBatch } from "@releve/core/tags/contracts";
import { Button, ButtonAnchor, TextField } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNotify } from "../notify";
import { batchesQuery, useCreateBatch } from "../queries";
import { type Column, DataTable, Empty, formatDate, NotLoaded } from "../ui";
import { BatchFiles, ImportBatchDialog, ProgramBatchDialog } from "./registry/batch-dialogs";

type Dialog = { kind: "program" | "import"; batchId: number } | null;

const COLUMNS: Column[] = [
  { label: "Batch" },
  { label: "Total", numeric: true },
  { label: "Programmed", numeric: true },
  { label: "Active", numeric: true },
  { label: "Created" },
  { label: "Actions", hidden: true },
];

/**
 * NFC tag batches, newest first, with their counters (total, programmed, active: always the
 * server's, refetched after every change); a form to start a new batch; per batch, program
 * N tags, import the encoder's UIDs, download the encoder CSV and print the QR labels.
 * `onShowTags`: on the registry, 'Tags' filters the list above instead of opening a link.
 */
export function TagBatches({ onShowTags }: { onShowTags?: (batchId: number) => void } = {}) {
  const list = useQuery(batchesQuery);
  const [dialog, setDialog] = useState<Dialog>(null);
  // The dialog follows the batch's fresh counters while it is open.
  const dialogBatch = dialog ? list.data?.batches.find((b) => b.id === dialog.batchId) : undefined;
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const creating = useCreateBatch();
  const notify = useNotify();

  function create(event: FormEvent) {
    event.preventDefault();
    creating.mutate(
      { batch_name: name, description },
      {
        onSuccess: () => {
          notify({ type: "success", title: "Batch created", description: name.trim() });
          setName("");
          setDescription("");
        },
      },
    );
  }

  return (
    <section aria-labelledby="batches-heading" className="mt-12">
      <h2 id="batches-heading" className="font-display text-2xl">
        Tag batches
      </h2>
      <form
        onSubmit={create}
        className="mt-4 grid grid-cols-1 gap-3 border border-ink/10 bg-white p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]"
      >
        <TextField
          label="Batch name *"
          name="batch_name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={100}
        />
        <TextField
          label="Description"
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={500}
        />
        <Button
          type="submit"
          variant="primary"
          className="self-end"
          disabled={creating.isPending || !name.trim()}
          aria-busy={creating.isPending}
        >
          {creating.isPending ? "Creating..." : "Create batch"}
        </Button>
        {creating.isError && (
          <p role="alert" className="text-sm text-danger sm:col-span-3">
            {creating.error.message}
          </p>
        )}
      </form>
      <div className="mt-4">
        {!list.isSuccess ? (
          <NotLoaded query={list} label="tag batches" />
        ) : list.data.batches.length === 0 ? (
          <Empty>No tag batches yet.</Empty>
        ) : (
          <DataTable
            caption="Tag batches"
            label="Tag batches table"
            columns={COLUMNS}
            busy={list.isFetching}
            minWidth="min-w-[52rem]"
          >
            {list.data.batches.map((b) => (
              <BatchRow
                key={b.id}
                batch={b}
                onShowTags={onShowTags}
                onProgram={() => setDialog({ kind: "program", batchId: b.id })}
                onImport={() => setDialog({ kind: "import", batchId: b.id })}
              />
            ))}
          </DataTable>
        )}
      </div>
      {dialog?.kind === "program" && dialogBatch && (
        <ProgramBatchDialog batch={dialogBatch} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "import" && dialogBatch && (
        <ImportBatchDialog batch={dialogBatch} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

function BatchRow({
  batch,
  onShowTags,
  onProgram,
  onImport,
}: {
  batch: TagBatch;
  onShowTags?: (batchId: number) => void;
  onProgram: () => void;
  onImport: () => void;
}) {
  const name = <span className="sr-only"> {batch.batch_name}</span>;
  return (
    <tr className="border-b border-ink/5 last:border-0">
      <th scope="row" className="min-w-44 px-3 py-2 text-left align-top font-normal">
        <span className="block font-display text-lg">{batch.batch_name}</span>
        {batch.description && <span className="block text-xs text-stone">{batch.description}</span>}
      </th>
      <td className="px-3 py-2 text-right align-top tabular-nums">{batch.total}</td>
      <td className="px-3 py-2 text-right align-top tabular-nums">{batch.programmed}</td>
      <td className="px-3 py-2 text-right align-top tabular-nums">{batch.active}</td>
      <td className="whitespace-nowrap px-3 py-2 align-top text-xs text-stone">{formatDate(batch.created_at)}</td>
      <td className="px-3 py-2 align-top">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onProgram} className="whitespace-nowrap">
            Program tags{name}
          </Button>
          <Button variant="secondary" size="sm" onClick={onImport} className="whitespace-nowrap">
            Import encoder CSV{name}
          </Button>
          {batch.total > 0 && <BatchFiles batch={batch} />}
          {batch.total > 0 &&
            (onShowTags ? (
              <Button variant="ghost" size="sm" onClick={() => onShowTags(batch.id)}>
                Show tags{name}
              </Button>
            ) : (
              <ButtonAnchor href={`/admin/nfc?batch_id=${batch.id}`} variant="ghost" size="sm">
                Show tags{name}
              </ButtonAnchor>
            ))}
        </div>
      </td>
    </tr>
  );
}
