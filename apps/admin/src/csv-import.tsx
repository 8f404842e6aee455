import { TextAreaField } from "@releve/ui";
import type { UseMutationResult } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from "react";
import { fileTooLarge, problemsOf, tooLargeText } from "./csv-import-rules";
import { DialogActions, Modal } from "./ui";

/**
 * A CSV import in a dialog (an encoder's file, the product catalogue): the file chosen or
 * pasted, sent whole; the server checks every row first, so a refusal lists every line's
 * problem and nothing is written. `outcome` says what a success did.
 */
export function CsvImportDialog<Result>({
  title,
  intro,
  placeholder,
  maxChars,
  importing,
  onImported,
  outcome,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  placeholder: string;
  maxChars: number;
  importing: UseMutationResult<Result, Error, string>;
  onImported: (result: Result) => void;
  outcome: (result: Result) => ReactNode;
  onClose: () => void;
}) {
  const [csv, setCsv] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const fileId = useId();
  const problemsId = useId();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    importing.reset();
    setFileError(undefined);
    const file = event.target.files?.[0];
    if (!file) return;
    if (fileTooLarge(file.size, maxChars)) {
      setFileError(tooLargeText(maxChars));
      return;
    }
    try {
      setCsv(await file.text());
      setFileName(file.name);
    } catch {
      setFileError("This file could not be read.");
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    importing.mutate(csv, { onSuccess: onImported });
  }

  let shown: ReactNode = null;
  if (importing.isSuccess) {
    shown = (
      <div role="status" className="border-l-2 border-gold bg-gold/10 px-4 py-3 text-sm">
        {outcome(importing.data)}
      </div>
    );
  } else if (importing.isError) {
    const problems = problemsOf(importing.error);
    shown = (
      <div role="alert" className="border-l-2 border-danger bg-danger/5 px-4 py-3 text-sm text-danger">
        <p className="font-medium" id={problemsId}>
          {importing.error.message}
        </p>
        {problems.length > 0 && (
          <ul aria-labelledby={problemsId} className="mt-2 max-h-48 list-disc overflow-y-auto pl-5">
            {problems.map((p) => (
              <li key={`${p.line}-${p.message}`}>{p.message}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <Modal title={title} onClose={onClose}>
      <p className="mt-2 text-sm text-stone">{intro}</p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-xs font-medium uppercase tracking-[0.16em]">
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={choose}
            aria-invalid={fileError ? true : undefined}
            className="min-w-0 text-sm file:mr-3 file:min-h-9 file:border file:border-ink file:bg-transparent file:px-3 file:text-xs file:uppercase file:tracking-[0.16em]"
          />
          {fileError && (
            <p role="alert" className="text-sm text-danger">
              {fileError}
            </p>
          )}
          {fileName && !fileError && <p className="text-xs text-stone">{fileName} loaded below.</p>}
        </div>
        <TextAreaField
          label="Or paste the CSV"
          name="csv"
          rows={6}
          value={csv}
          maxLength={maxChars}
          onChange={(e) => {
            setCsv(e.target.value);
            importing.reset();
          }}
          placeholder={placeholder}
          className="font-mono"
        />
        {shown}
        <DialogActions
          onCancel={onClose}
          cancelLabel={importing.isSuccess ? "Done" : "Cancel"}
          submitLabel="Import"
          pendingLabel="Importing..."
          pending={importing.isPending}
          disabled={!csv.trim()}
        />
      </form>
    </Modal>
  );
}
