import type { TagBatch } from "@releve/core/admin-api";
import { type FormEvent, useState } from "react";
import { adminApi } from "./api";
import { useNotify } from "./notice";
import { Button, Empty, Field, formatDate, NotLoaded } from "./ui";
import { useAdminGet } from "./use-api";

/** NFC tag batches, newest first, with their tag counts; a form to start a new batch. */
export function TagBatches({ onChange }: { onChange: () => void }) {
  const list = useAdminGet<{ batches: TagBatch[] }>("/tag-batches");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const notify = useNotify();

  async function create(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await adminApi("/tag-batches", { method: "POST", body: { batch_name: name, description } });
      notify("success", "Batch created", name.trim());
      setName("");
      setDescription("");
      if (list.state === "ready") list.reload();
      onChange();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
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
        <Field label="Batch name *" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        <Field
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={500}
        />
        <Button
          type="submit"
          variant="primary"
          className="self-end"
          disabled={saving || !name.trim()}
          aria-busy={saving}
        >
          {saving ? "Creating..." : "Create batch"}
        </Button>
        {error && (
          <p role="alert" className="text-sm text-danger sm:col-span-3">
            {error}
          </p>
        )}
      </form>
      <div className="mt-4">
        {list.state !== "ready" ? (
          <NotLoaded list={list} label="tag batches" />
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
