import { type AuditValue, auditLines } from "@releve/core/platform/audit-changes";
import { useQuery } from "@tanstack/react-query";
import { auditQuery } from "../queries";
import { Empty, formatDate, NotLoaded } from "../ui";

/** A value as read; a cut one opens to its full text. */
function Value({ value }: { value: AuditValue }) {
  if (value.full === null) return <>{value.text}</>;
  return (
    <details className="inline">
      <summary className="inline cursor-pointer underline decoration-dotted underline-offset-2">{value.text}</summary>
      <span className="mt-1 block whitespace-pre-wrap break-words text-ink">{value.full}</span>
    </details>
  );
}

/**
 * What a change did, one 'Label: value' line per field (issue #35); old → new for an update. A
 * description list, not a list: the entries' own list items stay the log's only ones.
 */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const lines = auditLines(before, after);
  if (lines.length === 0) return <p className="mt-1 text-xs text-stone">No field changed.</p>;
  return (
    <dl className="mt-1 flex flex-col gap-0.5 text-xs text-stone">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered; labels may repeat.
        <div key={i} className="break-words">
          <dt className="inline text-ink">{line.label}:</dt>{" "}
          <dd className="inline">
            {line.before && line.after ? (
              <>
                <Value value={line.before} /> <span aria-hidden="true">→</span>
                <span className="sr-only">changed to</span> <Value value={line.after} />
              </>
            ) : (
              <Value value={line.after ?? line.before ?? { text: "—", full: null }} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The latest 20 admin changes, read from the domain event log (issue #48): who, what, and the
 * fields before and after from the audit row of the same change.
 */
export function AuditLog() {
  const list = useQuery(auditQuery);
  return (
    <section aria-labelledby="audit-heading" className="mt-12">
      <h2 id="audit-heading" className="font-display text-2xl">
        Recent admin activity
      </h2>
      <div className="mt-4">
        {!list.isSuccess ? (
          <NotLoaded query={list} label="admin activity" />
        ) : list.data.entries.length === 0 ? (
          <Empty>No admin changes yet.</Empty>
        ) : (
          <ol
            className="flex flex-col divide-y divide-ink/10 border border-ink/10 bg-white"
            aria-label="Admin activity"
          >
            {list.data.entries.map((e) => (
              <li
                key={`${e.id}-${e.auditId ?? ""}`}
                className="grid grid-cols-1 gap-1 p-3 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]"
              >
                <span className="text-xs text-stone">{formatDate(e.createdAt)}</span>
                <div className="min-w-0">
                  <strong className="font-medium">{e.action}</strong>
                  {e.targetType && ` on ${e.targetType} ${e.targetId ?? ""}`} by {e.adminEmail ?? "a deleted account"}
                  {e.before !== null || e.after !== null ? <Changes before={e.before} after={e.after} /> : null}
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
