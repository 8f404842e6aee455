import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useRef } from "react";

export const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});
export const formatDate = (ms: number | null) => (ms === null ? "—" : dateTime.format(ms));

/** Loading, error (with retry) and empty states around a list. */
export function LoadState({
  state,
  message,
  retry,
  label,
}: {
  state: "loading" | "error";
  message?: string;
  retry?: () => void;
  label: string;
}) {
  if (state === "loading") {
    return (
      <p role="status" className="py-10 text-center text-sm text-stone">
        Loading {label}...
      </p>
    );
  }
  return (
    <div role="alert" className="border border-danger/40 bg-white p-4 text-sm text-danger">
      <p>{message}</p>
      {retry && (
        <button type="button" onClick={retry} className="mt-2 underline underline-offset-4">
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="border border-dashed border-ink/20 py-10 text-center text-sm text-stone">{children}</p>;
}

/** A native modal dialog: focus stays inside, Escape and Cancel close it, focus returns after. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[90dvh] w-[min(100%-2rem,32rem)] overflow-y-auto border border-ink/20 bg-ivory p-6 text-ink shadow-xl backdrop:bg-ink/40"
    >
      <h2 id={titleId} className="font-display text-2xl">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** What a list shows before it is ready: its loading state, or its error with a retry. */
export function NotLoaded({
  query,
  label,
  errorPrefix,
}: {
  query: UseQueryResult<unknown>;
  label: string;
  errorPrefix?: string;
}) {
  if (!query.isError) return <LoadState state="loading" label={label} />;
  const message = query.error.message;
  return (
    <LoadState
      state="error"
      label={label}
      message={errorPrefix ? `${errorPrefix}: ${message}` : message}
      retry={() => query.refetch()}
    />
  );
}
