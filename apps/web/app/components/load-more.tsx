import { formatNumber } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";

/** One page of a keyset-paged list, and the cursor of the page after it (null: the last). */
export type KeysetPage<Row> = { rows: Row[]; nextCursor: string | null };

/**
 * Every list of the owner's pages is paged the same way (issue #30): the newest page first, then
 * 'Load more' adds the page after the last row shown, read by keyset (rows that arrive meanwhile
 * neither repeat nor shift it). With JavaScript the next page is fetched from the same route and
 * appended, and focus moves to its first row (`[data-keyset-id]`, focusable); without it,
 * 'Load more' is a link to that page.
 *
 * `first` is the page the route rendered; `read` takes a page out of the route's loader data;
 * `href(cursor)` is the route's URL for the page after `cursor`.
 */
export function useKeysetPages<Row extends { id: number }, Data>(opts: {
  first: Row[];
  nextCursor: string | null;
  read: (data: Data) => KeysetPage<Row>;
  href: (cursor: string) => string;
}) {
  const fetcher = useFetcher();
  const [more, setMore] = useState<KeysetPage<Row>[]>([]);
  const seen = useRef<Data | null>(null);
  const focusId = useRef<number | null>(null);
  const { first, read } = opts;

  // A new first page (a navigation, a new search, the page again after a change) starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reset is for each new first page, which the effect does not read.
  useEffect(() => {
    setMore([]);
  }, [first]);
  // Each page that arrives, once, below the others; focus goes to its first row.
  useEffect(() => {
    // The route's own loader data (`Data` is its component's loaderData type).
    const data = fetcher.data as Data | undefined;
    if (fetcher.state !== "idle" || !data || seen.current === data) return;
    seen.current = data;
    const page = read(data);
    setMore((pages) => [...pages, page]);
    focusId.current = page.rows[0]?.id ?? null;
  }, [fetcher.state, fetcher.data, read]);
  useEffect(() => {
    if (focusId.current === null) return;
    // Once the added rows are on screen (the render after the page arrived).
    const added = document.querySelector<HTMLElement>(`[data-keyset-id="${focusId.current}"]`);
    if (!added) return;
    added.focus();
    focusId.current = null;
  });

  const rows = [...first, ...more.flatMap((page) => page.rows)];
  const next = more.length ? (more[more.length - 1]?.nextCursor ?? null) : opts.nextCursor;
  const loading = fetcher.state !== "idle";
  return {
    rows,
    loading,
    nextHref: next ? opts.href(next) : null,
    loadMore: () => {
      if (next && !loading) fetcher.load(opts.href(next));
    },
  };
}

/**
 * Under a keyset-paged list: how many are shown of how many ('Showing 25 of 30 contacts', or
 * '… older of …' on a page reached without JavaScript), a link back to the newest page when this
 * page is not the first, and 'Load more' while there is a page after.
 */
export function LoadMore(props: {
  shown: number;
  total: number;
  /** The plural noun, in the page's language (a message): 'contacts', 'connections'. */
  noun: string;
  /** This page starts after others (a 'Load more' link followed without JavaScript). */
  paged: boolean;
  newestHref: string;
  newestLabel: string;
  /** `#fragment` the no-JavaScript link lands on. */
  anchor?: string;
  pages: Pick<ReturnType<typeof useKeysetPages>, "loading" | "nextHref" | "loadMore">;
}) {
  const { shown, total, noun, paged, pages } = props;
  if (total === 0) return null;
  const locale = currentLocale();
  const counts = { shown: formatNumber(locale, shown), total: formatNumber(locale, total), noun };
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone" aria-live="polite">
        {paged ? m.ui_showing_older(counts) : m.ui_showing(counts)}
      </p>
      <div className="flex flex-wrap gap-3">
        {paged && (
          <Link to={props.newestHref} className={buttonClass("secondary")}>
            {props.newestLabel}
          </Link>
        )}
        {pages.nextHref && (
          <a
            href={`${pages.nextHref}${props.anchor ?? ""}`}
            className={buttonClass("secondary")}
            aria-disabled={pages.loading || undefined}
            onClick={(event) => {
              event.preventDefault();
              pages.loadMore();
            }}
          >
            {pages.loading ? m.ui_loading() : m.ui_load_more()}
          </a>
        )}
      </div>
    </div>
  );
}
