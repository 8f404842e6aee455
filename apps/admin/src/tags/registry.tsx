import { ADMIN_MESSAGES } from "@releve/core/platform/admin-portal";
import { SEARCH_MAX_LENGTH } from "@releve/core/platform/input-limits";
import type { AdminTag } from "@releve/core/tags/contracts";
import { TAG_STATUSES, type TagStatus } from "@releve/core/tags/rules";
import { Button, ButtonAnchor, TextField } from "@releve/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useNotify } from "../notify";
import { batchesQuery } from "../queries";
import { CounterfeitAlerts } from "../tap/counterfeit-alerts";
import { type Column, DataTable, Empty, formatDate, LoadMore, NotLoaded, SelectField, stickyCell } from "../ui";
import { TagBatches } from "./batches";
import { TagActionDialog } from "./registry/action-dialog";
import { batchFilterOptions, filterQuery, filtersFromSearch, isFiltered, type TagFilters } from "./registry/filters";
import { STATUS_LABELS, StatusBadge, shortUid } from "./registry/labels";
import { tagsQuery } from "./registry/queries";
import { SecureTagDialog } from "./registry/secure-dialog";

/**
 * `/admin/nfc`, the tag registry (issue #18): every tag with its garment, owner, status and
 * batch; search, filters, paging, lifecycle actions with a reason, the CSV export; and the
 * batches, to program and import.
 */
export function TagRegistry() {
  const [filters, setFilters] = useState<TagFilters>(() => filtersFromSearch(window.location.search));
  const [query, setQuery] = useState(filters.q);
  const [acting, setActing] = useState<AdminTag | null>(null);
  const [securing, setSecuring] = useState<AdminTag | null>(null);
  const list = useInfiniteQuery(tagsQuery(filters));
  const batches = useQuery(batchesQuery);
  const notify = useNotify();
  const top = useRef<HTMLHeadingElement>(null);

  const apply = (next: Partial<TagFilters>) => setFilters({ ...filters, ...next });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: query.trim() });
  };

  const showBatch = (batchId: number) => {
    setQuery("");
    setFilters({ q: "", status: "", batchId });
    top.current?.scrollIntoView({ block: "start" });
    top.current?.focus();
  };

  const filtered = isFiltered(filters);
  const batchName = batches.data?.batches.find((b) => b.id === filters.batchId)?.batch_name;

  let body: ReactNode;
  if (!list.isSuccess) {
    body = <NotLoaded query={list} label="tags" errorPrefix="Failed to load tags" />;
  } else if ((list.data.pages[0]?.total ?? 0) === 0) {
    body = (
      <Empty>
        {filtered
          ? "No tag matches these filters."
          : "No tags yet. Program one with the NFC programmer, or a whole batch below."}
      </Empty>
    );
  } else {
    const tags = list.data.pages.flatMap((page) => page.tags);
    body = (
      <>
        <TagTable tags={tags} busy={list.isFetching} onAct={setActing} onSecure={setSecuring} />
        <LoadMore
          listId="tag-table"
          shown={tags.length}
          total={list.data.pages[0]?.total ?? 0}
          noun={["tag", "tags"]}
          query={list}
        />
      </>
    );
  }

  return (
    <>
      <section aria-labelledby="registry-heading" className="mt-8 flex flex-col gap-4">
        <h2 id="registry-heading" ref={top} tabIndex={-1} className="font-display text-2xl outline-none">
          Tags{batchName && filters.batchId !== null ? `: ${batchName}` : ""}
        </h2>
        <div className="grid grid-cols-1 gap-3 border border-ink/10 bg-white p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <search className="min-w-0">
            <form onSubmit={submit} className="flex min-w-0 gap-2">
              <TextField
                label="Search tags"
                name="q"
                className="min-w-0 flex-1"
                type="search"
                value={query}
                maxLength={SEARCH_MAX_LENGTH}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="UID, chip id, slug or owner email"
              />
              <Button type="submit" variant="secondary" className="self-end">
                Search
              </Button>
            </form>
          </search>
          <SelectField
            id="registry-status"
            label="Status"
            value={filters.status}
            onChange={(value) => apply({ status: value as TagStatus | "" })}
            options={[["", "All statuses"], ...TAG_STATUSES.map((s) => [s, STATUS_LABELS[s]] as [string, string])]}
          />
          <SelectField
            id="registry-batch"
            label="Batch"
            value={filters.batchId === null ? "" : String(filters.batchId)}
            onChange={(value) => apply({ batchId: value ? Number(value) : null })}
            options={batchFilterOptions(batches.data?.batches ?? [], filters.batchId)}
          />
          <div className="flex flex-wrap items-center gap-3 md:col-span-3">
            <ButtonAnchor
              href={`/api/admin/tags/export.csv${filterQuery(filters)}`}
              download
              variant="secondary"
              size="sm"
              onClick={() =>
                notify({
                  type: "success",
                  title: ADMIN_MESSAGES.exportDone,
                  description: filtered ? "The matching tags, as CSV" : "Every tag, as CSV",
                })
              }
            >
              Export CSV<span className="sr-only">{filtered ? " of the matching tags" : " of every tag"}</span>
            </ButtonAnchor>
            {filtered && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setQuery("");
                  apply({ q: "", status: "", batchId: null });
                }}
              >
                Clear filters
              </Button>
            )}
          </div>
        </div>
        {body}
      </section>
      <CounterfeitAlerts />
      <TagBatches onShowTags={showBatch} />
      {acting && <TagActionDialog tag={acting} onClose={() => setActing(null)} />}
      {securing && <SecureTagDialog tag={securing} onClose={() => setSecuring(null)} />}
    </>
  );
}

const td = "px-3 py-2 align-top";

const COLUMNS: Column[] = [
  { label: "Chip ID" },
  { label: "UID" },
  { label: "Garment" },
  { label: "Owner" },
  { label: "Status" },
  { label: "Batch" },
  { label: "Programmed" },
  // Kept in view on a phone while the rest scrolls sideways (issue #35); not on a wide screen (issue #49).
  { label: "Actions", hidden: true, sticky: true },
];

/** The tags, a real table that scrolls sideways inside its own box on a phone. */
function TagTable({
  tags,
  busy,
  onAct,
  onSecure,
}: {
  tags: AdminTag[];
  busy: boolean;
  onAct: (tag: AdminTag) => void;
  onSecure: (tag: AdminTag) => void;
}) {
  return (
    <DataTable id="tag-table" caption="Tags, newest first" columns={COLUMNS} busy={busy} minWidth="min-w-[60rem]">
      {tags.map((tag) => (
        <tr key={tag.id} className="border-b border-ink/5 last:border-0">
          <th
            scope="row"
            data-list-row
            tabIndex={-1}
            className={`${td} text-left font-mono text-xs font-normal outline-offset-[-2px]`}
          >
            {/* Whole on a phone; on a wide screen it wraps at its dashes, so the table fits (issue #49). */}
            <span className="whitespace-nowrap lg:whitespace-normal">{tag.chipId}</span>
            <span className="block text-stone">{tag.tagType}</span>
            {tag.secure && (
              <span className="mt-1 inline-block border border-emerald-800/40 px-1.5 text-emerald-800">
                Secure · key v{tag.secure.keyVersion}
              </span>
            )}
          </th>
          <td className={`${td} font-mono text-xs`}>
            {tag.uid ? <span title={tag.uid}>{shortUid(tag.uid)}</span> : <span className="text-stone">—</span>}
          </td>
          <td className={td}>
            {tag.garment ? (
              <>
                <span className="block wrap-anywhere">{tag.garment.title}</span>
                <a
                  href={`/t/${tag.garment.slug}`}
                  target="_blank"
                  rel="noopener"
                  className="whitespace-nowrap font-mono text-xs underline underline-offset-2"
                >
                  /t/{tag.garment.slug}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </>
            ) : (
              <span className="text-stone">No garment</span>
            )}
          </td>
          <td className={td}>
            {tag.owner ? (
              <>
                <span className="block">{tag.owner.name}</span>
                <span className="block break-all text-xs text-stone">{tag.owner.email ?? "—"}</span>
              </>
            ) : (
              <span className="text-stone">Unclaimed</span>
            )}
          </td>
          <td className={td}>
            <StatusBadge status={tag.status} />
            {tag.writeError && (
              <span className="mt-1 block max-w-48 text-xs text-danger">Write failed: {tag.writeError}</span>
            )}
          </td>
          <td className={`${td} min-w-32 wrap-anywhere`}>{tag.batch?.name ?? <span className="text-stone">—</span>}</td>
          <td className={`${td} whitespace-nowrap text-xs`}>{formatDate(tag.programmedAt)}</td>
          <td className={`${td} ${stickyCell}`}>
            <div className="flex flex-col gap-2">
              <Button variant="secondary" size="sm" onClick={() => onAct(tag)} className="whitespace-nowrap">
                Change status<span className="sr-only"> of {tag.chipId}</span>
              </Button>
              {tag.garment && (
                <Button variant="ghost" size="sm" onClick={() => onSecure(tag)} className="whitespace-nowrap">
                  {tag.secure ? "Encoder settings" : "Secure tag"}
                  <span className="sr-only"> of {tag.chipId}</span>
                </Button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
