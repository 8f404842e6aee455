import { SEARCH_MAX_LENGTH } from "@releve/core/platform/input-limits";
import { Button, type ButtonVariant, TextField } from "@releve/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, type SelectHTMLAttributes, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { showingText } from "./format";
import { type ScrollEdges, sameEdges, scrollEdges, scrollHint } from "./scroll-edges";

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
  /** Kept in view at the right edge while the table scrolls sideways (a row's actions, below `lg`). */
  sticky?: boolean;
};

/**
 * The classes of a sticky last column's cells (its header's and its rows'). Sticky below `lg` only:
 * on a wide screen the whole table is meant to fit, and a sticky column would cover the column
 * beside it whenever a row is wider (issue #49). While more of the table hides under it, its edge
 * shows a fade (`data-more-end` on the TableScroll box).
 */
export const stickyCell = [
  "max-lg:sticky max-lg:right-0 max-lg:z-[1] border-l border-ink/10 bg-white",
  // A fade, not a box-shadow: a cell of a collapsed-border table paints no shadow.
  "max-lg:before:pointer-events-none max-lg:before:absolute max-lg:before:inset-y-0 max-lg:before:right-full max-lg:before:w-4",
  "max-lg:before:bg-linear-to-l max-lg:before:from-ink/15 max-lg:before:to-transparent max-lg:before:opacity-0",
  "max-lg:group-data-[more-end]/scroll:before:opacity-100",
].join(" ");

const NOTHING_HIDDEN: ScrollEdges = { start: false, end: false, scrolls: false };

/**
 * A table's own scroll box (issue #49): wider than its box, the table says so, with a fade on the
 * side that has more, a 'Scroll for more →' hint above it, and a description for screen readers;
 * the box then takes the focus, so a keyboard scrolls it (WCAG 2.1.1), named after its table.
 * `stickyEnd`: the table's last column is sticky (`stickyCell`), which draws the end's fade itself.
 */
export function TableScroll({
  id,
  label,
  className,
  boxClassName = "border border-ink/10 bg-white",
  stickyEnd = false,
  children,
}: {
  id?: string;
  label: string;
  className?: string;
  /** The box's look, and its height limit when it scrolls down too. */
  boxClassName?: string;
  stickyEnd?: boolean;
  children: ReactNode;
}) {
  const box = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState(NOTHING_HIDDEN);
  const hintId = useId();
  // Measured before paint, then on every scroll and resize of the box or of its table (rows added).
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => {
      const now = scrollEdges(el);
      setEdges((was) => (sameEdges(was, now) ? was : now));
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    for (const child of el.children) resized.observe(child);
    return () => {
      el.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, []);
  const hint = scrollHint(edges);
  const fade = "pointer-events-none absolute inset-y-px w-6 from-ink/15 to-transparent transition-opacity";
  return (
    <div id={id} className={["min-w-0", className].filter(Boolean).join(" ")}>
      {hint && (
        <p aria-hidden="true" data-scroll-hint className="mb-1 text-right text-xs tracking-[0.08em] text-stone">
          {hint}
        </p>
      )}
      <span id={hintId} hidden>
        Scrolls sideways to show every column.
      </span>
      <div className="relative">
        <section
          ref={box}
          aria-label={label}
          aria-describedby={hint ? hintId : undefined}
          // A box that scrolls takes the focus, so a keyboard scrolls it (WCAG 2.1.1); one that fits is no tab stop.
          tabIndex={edges.scrolls ? 0 : undefined}
          data-more-end={edges.end || undefined}
          className={`group/scroll relative overflow-auto ${boxClassName}`}
        >
          {children}
        </section>
        <div
          aria-hidden="true"
          data-scroll-fade="start"
          className={`${fade} left-px bg-linear-to-r ${edges.start ? "opacity-100" : "opacity-0"}`}
        />
        <div
          aria-hidden="true"
          data-scroll-fade="end"
          className={`${fade} right-px bg-linear-to-l ${edges.end ? "opacity-100" : "opacity-0"} ${stickyEnd ? "max-lg:hidden" : ""}`}
        />
      </div>
    </div>
  );
}

/**
 * A table that scrolls sideways inside its own box on a phone, saying so (TableScroll): an sr-only
 * caption, the header row, then the rows given as children.
 */
export function DataTable({
  id,
  caption,
  label = caption,
  columns,
  busy,
  minWidth,
  children,
}: {
  id?: string;
  caption: string;
  /** Its scroll box's name, when the caption already names a section around it (names are unique). */
  label?: string;
  columns: readonly Column[];
  busy: boolean;
  /** A Tailwind min-width class, written out in full at the call (`min-w-[52rem]`). */
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <TableScroll id={id} label={label} stickyEnd={columns.some((c) => c.sticky)}>
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
    </TableScroll>
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
