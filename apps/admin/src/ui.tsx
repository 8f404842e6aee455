import { SEARCH_MAX_LENGTH } from "@releve/core/platform/input-limits";
import { Button, type ButtonVariant, TextField } from "@releve/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, type SelectHTMLAttributes, useEffect, useId, useRef, useState } from "react";
import { showingText } from "./format";

// The portal's components import the date format from here, beside the lists that show it.
export { formatDate } from "./format";

/** Loading, error (with retry) and empty states around a list. */
function LoadState({
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
  message: shown,
}: {
  query: Pick<UseQueryResult<unknown>, "isError" | "error" | "refetch">;
  label: string;
  errorPrefix?: string;
  /** Said instead of the error's own message (the programmer's 'Connection Failed' words). */
  message?: string;
}) {
  if (!query.isError) return <LoadState state="loading" label={label} />;
  const message = shown ?? query.error?.message ?? "";
  return (
    <LoadState
      state="error"
      label={label}
      message={errorPrefix ? `${errorPrefix}: ${message}` : message}
      retry={() => query.refetch()}
    />
  );
}

/**
 * Under a keyset-paged list (issue #30): how many rows are shown (of how many, when the list
 * knows), and 'Load more' while there is a page after. The first row it adds takes focus, so the
 * keyboard goes on from there: rows carry `data-list-row` and `tabIndex={-1}` inside `#listId`.
 */
export function LoadMore({
  listId,
  shown,
  total,
  noun,
  query,
}: {
  listId: string;
  shown: number;
  total?: number;
  /** Singular and plural: ["tag", "tags"]. */
  noun: [string, string];
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current === null) return;
    const added = document.querySelectorAll<HTMLElement>(`#${listId} [data-list-row]`)[focusFrom.current];
    if (!added) return;
    added.focus();
    focusFrom.current = null;
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone" role="status">
        {showingText(shown, total, noun)}
      </p>
      {query.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          onClick={() => {
            focusFrom.current = shown;
            void query.fetchNextPage();
          }}
        >
          {query.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
    </div>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange"> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, text] pairs, in order. */
  options: readonly (readonly [string, string])[];
  hint?: string;
}

/** A labelled native select (the look of @releve/ui's TextField); its hint is announced with it. */
export function SelectField({ label, value, onChange, options, hint, id, ...select }: SelectFieldProps) {
  const ownId = useId();
  const selectId = id ?? ownId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={selectId} className="text-xs font-medium uppercase tracking-[0.16em] text-ink">
        {label}
      </label>
      <select
        id={selectId}
        value={value}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 w-full min-w-0 border border-ink/20 bg-white px-3 text-base"
        {...select}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="text-xs text-stone">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A dialog form's footer: Cancel, then the submit button that reads `pendingLabel` while busy. */
export function DialogActions({
  onCancel,
  cancelLabel = "Cancel",
  cancelDisabled,
  submitLabel,
  pendingLabel,
  pending,
  disabled = false,
  variant,
  className,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Disabled for another reason than being busy (an incomplete form). */
  disabled?: boolean;
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <div className={["flex flex-wrap justify-end gap-2", className].filter(Boolean).join(" ")}>
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={variant} disabled={disabled || pending} aria-busy={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-medium uppercase tracking-[0.14em] text-stone";

/** A table's column: `numeric` ones are right-aligned, `hidden` ones are named for screen readers only. */
export type Column = {
  label: string;
  numeric?: boolean;
  hidden?: boolean;
  /** Kept in view at the right edge while the table scrolls sideways (a row's actions, on a phone). */
  sticky?: boolean;
};

/** The classes of a sticky last column's cells (its header's and its rows'). */
export const stickyCell = "sticky right-0 z-[1] border-l border-ink/10 bg-white";

/**
 * A table that scrolls sideways inside its own box on a phone (`relative`: its sr-only texts
 * too): an sr-only caption, the header row, then the rows given as children.
 */
export function DataTable({
  id,
  caption,
  columns,
  busy,
  minWidth,
  children,
}: {
  id?: string;
  caption: string;
  columns: readonly Column[];
  busy: boolean;
  /** A Tailwind min-width class, written out in full at the call (`min-w-[52rem]`). */
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <div id={id} className="relative overflow-x-auto border border-ink/10 bg-white">
      <table className={`w-full ${minWidth} border-collapse text-sm`} aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-ink/10">
          <tr>
            {columns.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={[th, c.numeric && "text-right", c.sticky && stickyCell].filter(Boolean).join(" ")}
              >
                {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A list's search: a labelled search field and its 'Search' button in a `<search>` landmark;
 * `onSearch` gets the trimmed text when the form is sent (Enter or the button).
 */
export function SearchBox({
  label,
  placeholder,
  onSearch,
  className = "flex",
}: {
  label: string;
  placeholder: string;
  onSearch: (text: string) => void;
  className?: string;
}) {
  const [query, setQuery] = useState("");
  return (
    <search className={className}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(query.trim());
        }}
        className="flex min-w-0 flex-1 gap-2"
      >
        <TextField
          label={label}
          name="q"
          className="min-w-0 flex-1"
          type="search"
          value={query}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={placeholder}
        />
        <Button type="submit" variant="secondary" className="self-end">
          Search
        </Button>
      </form>
    </search>
  );
}
