import { Button } from "@releve/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNotify } from "../notify";
import { deadLettersQuery, eventLogQuery, useRetryDeadLetter } from "../queries";
import { type Column, DataTable, Empty, formatDate, LoadMore, NotLoaded } from "../ui";
import { actorText, eventTypeText, failureText, subjectText } from "./event-text";

const EVENT_COLUMNS: Column[] = [{ label: "When (UTC)" }, { label: "What" }, { label: "About" }, { label: "By" }];

/**
 * The domain event log (issue #48): what the consumers gave up on, always in view when there is
 * any; then, opened on demand (and only then read), every change the house made, newest first,
 * with whether its consequences (mail, alerts, photo clean-up) have all run.
 */
export function EventLog() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="event-log-heading" className="mt-12">
      <h2 id="event-log-heading" className="font-display text-2xl">
        Event log
      </h2>
      <DeadLetters />
      <details className="mt-4" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm underline underline-offset-4">Show the latest events</summary>
        {open && <Events />}
      </details>
    </section>
  );
}

function Events() {
  const list = useInfiniteQuery(eventLogQuery);
  if (!list.isSuccess) return <NotLoaded query={list} label="event log" />;
  const events = list.data.pages.flatMap((page) => page.events);
  if (events.length === 0) return <Empty>No events yet. Each change appears here as it is made.</Empty>;
  return (
    <div className="mt-4 flex flex-col gap-3">
      <DataTable
        id="event-log"
        caption="The latest events"
        columns={EVENT_COLUMNS}
        busy={list.isFetching}
        minWidth="min-w-[36rem]"
      >
        {events.map((e) => (
          <tr key={e.id} className="border-t border-ink/10">
            <td data-list-row tabIndex={-1} className="p-3 whitespace-nowrap outline-offset-[-2px]">
              {formatDate(e.at)}
            </td>
            <td className="p-3">
              {eventTypeText(e.type)}
              {!e.delivered && <span className="ml-2 border border-ink/20 px-1.5 text-xs text-stone">pending</span>}
            </td>
            <td className="p-3">{subjectText(e)}</td>
            <td className="p-3">{actorText(e.actorKind)}</td>
          </tr>
        ))}
      </DataTable>
      <LoadMore listId="event-log" shown={events.length} noun={["event", "events"]} query={list} />
    </div>
  );
}

/** Dead letters: each with the consumer, its attempts and last error, and 'Send again'. */
function DeadLetters() {
  const list = useQuery(deadLettersQuery);
  const retry = useRetryDeadLetter();
  const notify = useNotify();
  if (!list.isSuccess) return <NotLoaded query={list} label="dead letters" />;
  if (list.data.letters.length === 0) return null;
  return (
    <section className="mt-4 border border-danger/40 bg-white p-4" aria-labelledby="dead-letters-heading">
      <h3 id="dead-letters-heading" className="text-sm font-medium text-danger">
        Consequences that did not happen ({list.data.letters.length})
      </h3>
      <ul className="mt-3 flex flex-col divide-y divide-ink/10 text-sm">
        {list.data.letters.map((letter) => (
          <li
            key={`${letter.eventId}-${letter.consumer}`}
            className="flex flex-wrap items-center justify-between gap-3 py-2"
          >
            <div className="min-w-0">
              <p>
                {eventTypeText(letter.type)} · <code>{letter.consumer}</code>
              </p>
              <p className="break-words text-xs text-stone">
                {formatDate(letter.occurredAt)} · {failureText(letter)}
              </p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              disabled={retry.isPending}
              aria-busy={retry.isPending && retry.variables === letter.eventId}
              onClick={() =>
                retry.mutate(letter.eventId, {
                  onSuccess: () => notify({ type: "success", title: "Sent again" }),
                  onError: (error) =>
                    notify({ type: "error", title: "Could not send it again", description: error.message }),
                })
              }
            >
              Send again
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
