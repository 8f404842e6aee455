import { ADMIN_MESSAGES } from "@releve/core/platform/admin-portal";
import { Button, ButtonAnchor } from "@releve/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useNotify } from "../notify";
import { unclaimedQuery, useMarkProgrammed } from "../queries";
import { Empty, formatDate, LoadMore, NotLoaded } from "../ui";

/** 'Unclaimed / To Program': the unclaimed garments, newest first, 10 at a time, to program and mark. */
export function UnclaimedTab() {
  const list = useInfiniteQuery(unclaimedQuery);
  const marking = useMarkProgrammed();
  const busy = marking.isPending ? marking.variables : null;
  const notify = useNotify();

  const mark = (id: number, title: string) =>
    marking.mutate(id, {
      onSuccess: () => notify({ type: "success", title: ADMIN_MESSAGES.markedProgrammed, description: title }),
      onError: (error) => notify({ type: "error", title: ADMIN_MESSAGES.markFailed, description: error.message }),
    });

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify({ type: "success", title: ADMIN_MESSAGES.linkCopied, description: url });
    } catch {
      notify({ type: "error", title: ADMIN_MESSAGES.copyFailed, description: url });
    }
  }

  if (!list.isSuccess) {
    return <NotLoaded query={list} label="unclaimed garments" errorPrefix={ADMIN_MESSAGES.unclaimedFailed} />;
  }
  const rows = list.data.pages.flatMap((page) => page.rows);
  const total = list.data.pages[0]?.total ?? 0;
  if (total === 0) return <Empty>Every garment has an owner. Nothing to program.</Empty>;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone">
          {total.toLocaleString("en-GB")} unclaimed garment{total === 1 ? "" : "s"}
        </p>
        <ButtonAnchor href="/admin/nfc-programmer" size="sm">
          Program NFC Tags
        </ButtonAnchor>
      </div>
      <ul
        id="unclaimed-list"
        className="flex flex-col gap-3"
        aria-label="Unclaimed garments"
        aria-busy={list.isFetching}
      >
        {rows.map((row) => (
          <li
            key={row.garment_id}
            data-list-row
            tabIndex={-1}
            className="grid grid-cols-1 gap-3 border border-ink/10 bg-white p-4 outline-offset-4 md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto]"
          >
            <div className="min-w-0">
              <p className="font-display text-lg">{row.title}</p>
              <p className="text-xs text-stone">
                {[row.category, row.sku].filter(Boolean).join(" · ") || "—"} · created {formatDate(row.created_at)}
              </p>
              <p className="mt-1 text-xs">
                <span
                  className={`border px-1.5 ${row.programmed_at ? "border-gold/50 text-gold" : "border-ink/20 text-stone"}`}
                >
                  {row.programmed_at ? "Programmed" : "Not Programmed"}
                </span>
                {row.programmed_at && <span className="ml-2 text-stone">{formatDate(row.programmed_at)}</span>}
              </p>
            </div>
            <div className="min-w-0 text-sm">
              <p className="text-xs uppercase tracking-[0.14em] text-stone">Programming URL</p>
              <p className="break-all">{row.programming_url}</p>
              {row.tag_uuid && <p className="break-all text-xs text-stone">Tag {row.tag_uuid}</p>}
            </div>
            <div className="flex flex-wrap items-start gap-2">
              <Button variant="secondary" size="sm" onClick={() => copy(row.programming_url)}>
                Copy URL<span className="sr-only"> of {row.title}</span>
              </Button>
              {row.programmed_at ? (
                // Already programmed: nothing left to mark (issue #35).
                <Button size="sm" variant="secondary" disabled>
                  Marked<span className="sr-only"> {row.title} is programmed</span>
                </Button>
              ) : (
                <Button
                  size="sm"
                  onClick={() => mark(row.garment_id, row.title)}
                  disabled={busy === row.garment_id}
                  aria-busy={busy === row.garment_id}
                >
                  Mark<span className="sr-only"> {row.title} as programmed</span>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <LoadMore
        listId="unclaimed-list"
        shown={rows.length}
        total={total}
        noun={["unclaimed garment", "unclaimed garments"]}
        query={list}
      />
    </div>
  );
}
