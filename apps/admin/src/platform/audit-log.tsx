import { useQuery } from "@tanstack/react-query";
import { auditQuery } from "../queries";
import { Empty, formatDate, NotLoaded } from "../ui";

const describe = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));

/** The latest 20 admin changes: who, what, before and after. */
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
              <li key={e.id} className="grid grid-cols-1 gap-1 p-3 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
                <span className="text-xs text-stone">{formatDate(e.createdAt)}</span>
                <span className="min-w-0">
                  <strong className="font-medium">{e.action}</strong> on {e.targetType} {e.targetId ?? ""} by{" "}
                  {e.adminEmail}
                  <span className="block break-all text-xs text-stone">
                    {describe(e.before)} → {describe(e.after)}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
