import { Button, TextField } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNotify } from "./notify";
import { batchesQuery, useCreateBatch } from "./queries";
import { Empty, formatDate, NotLoaded } from "./ui";

/** NFC tag batches, newest first, with their tag counts; a form to start a new batch. */
export function TagBatches() {
  const list = useQuery(batchesQuery);
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
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Tag batches">
            {list.data.batches.map((b) => (
              <li key={b.id} className="border border-ink/10 bg-white p-4">
                <p className="font-display text-lg">{b.batch_name}</p>
                {b.description && <p className="text-sm text-stone">{b.description}</p>}
                <p className="mt-2 text-sm">
                  {b.total} tags · {b.programmed} programmed · {b.active} active
                </p>
                <p className="text-xs text-stone">Created {formatDate(b.created_at)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
