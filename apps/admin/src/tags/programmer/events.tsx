import type { BrandEvent } from "@releve/core/tags/contracts";
import { TAG_MESSAGES } from "@releve/core/tags/rules";
import { Button, FormAlert, TextAreaField, TextField } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type InputHTMLAttributes, useEffect, useId, useState } from "react";
import { useNotify } from "../../notify";
import { DialogActions, Empty, Modal, NotLoaded, TableScroll } from "../../ui";
import type { PickedClient } from "./clients";
import { brandEventsQuery, useCaptureGuest, useCreateBrandEvent, useSetBrandEventActive } from "./clients-queries";
import {
  type ActiveEvent,
  EMPTY_GUEST,
  eventDatetime,
  eventWhen,
  type GuestDraft,
  guestNamed,
  guestReachable,
  isStillOpen,
  readActiveEvent,
  storeActiveEvent,
} from "./event-rules";
import { failureOf, titled, transportFailure } from "./failure";

/**
 * The active-events selector (spec part 2 §2): the brand's events, the one this staff member is
 * working at (guests captured are filed under it), a new event, and the guest capture for the
 * selected client.
 */
export function EventsPanel({ client }: { client: PickedClient | null }) {
  const list = useQuery(brandEventsQuery);
  const [active, setActive] = useState<ActiveEvent | null>(readActiveEvent);
  const [adding, setAdding] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const status = useSetBrandEventActive();
  const busy = status.isPending ? status.variables.id : null;
  const notify = useNotify();
  const headingId = useId();
  const hintId = useId();

  const choose = (event: ActiveEvent | null) => {
    setActive(event);
    storeActiveEvent(event);
  };

  // A remembered event that was closed or removed since no longer files anything.
  const events = list.data?.events;
  useEffect(() => {
    if (events && active && !isStillOpen(events, active)) {
      setActive(null);
      storeActiveEvent(null);
    }
  }, [events, active]);

  const set = (event: BrandEvent) => {
    choose({ id: event.id, name: event.name });
    notify({ type: "success", title: TAG_MESSAGES.activeEventSet, description: event.name });
  };
  const clear = () => {
    choose(null);
    notify({ type: "success", title: TAG_MESSAGES.activeEventCleared });
  };
  // Closing the active event also ends it here: the effect above drops it once the list reloads.
  const toggle = (event: BrandEvent) =>
    status.mutate(event, {
      onSuccess: ({ message, event: changed }) =>
        notify({ type: "success", title: message, description: changed.name }),
      onError: (error) => {
        const failure = failureOf(error, TAG_MESSAGES.eventStatusFailed);
        notify({ type: "error", title: failure.title, description: failure.message });
      },
    });

  return (
    <section
      aria-labelledby={headingId}
      data-panel="events"
      className="flex min-w-0 flex-col gap-4 border border-ink/10 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-2xl">
          Events &amp; guests
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
          New event
        </Button>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 border border-gold/60 bg-ivory px-4 py-3">
        <p role="status" className="min-w-0 text-sm">
          {active ? (
            <>
              <span className="text-stone">Active event: </span>
              <strong className="font-medium">{active.name}</strong>
            </>
          ) : (
            <span className="text-stone">No active event: guests are captured without one.</span>
          )}
        </p>
        {active && (
          <Button variant="ghost" size="sm" onClick={clear}>
            Clear<span className="sr-only"> active event</span>
          </Button>
        )}
      </div>

      {!list.isSuccess ? (
        <NotLoaded
          query={list}
          label="events"
          errorPrefix={transportFailure(list.error)?.title ?? TAG_MESSAGES.eventsLoadFailed}
          message={transportFailure(list.error)?.message}
        />
      ) : list.data.events.length === 0 ? (
        <Empty>No events yet. Create one to file the guests you capture under it.</Empty>
      ) : (
        <TableScroll label="Brand events" boxClassName="max-h-80 border border-ink/10">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Brand events</caption>
            <thead className="sticky top-0 bg-ivory text-xs uppercase tracking-[0.14em] text-stone">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Event
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                  When
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Active event</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.events.map((event) => (
                <tr key={event.id} className="border-t border-ink/10">
                  <th scope="row" className="break-words px-3 py-2 font-medium">
                    {event.name}
                    {/* On a phone the date sits under the name; the When column is hidden there. */}
                    <span className="block text-xs font-normal text-stone sm:hidden">{eventWhen(event)}</span>
                  </th>
                  <td className="hidden whitespace-nowrap px-3 py-2 text-stone sm:table-cell">{eventWhen(event)}</td>
                  <td className="px-3 py-1">
                    <div className="flex flex-wrap items-center justify-end gap-2">
                      {!event.isActive ? (
                        <span className="text-xs uppercase tracking-[0.14em] text-stone">Closed</span>
                      ) : active?.id === event.id ? (
                        <span className="text-xs uppercase tracking-[0.14em] text-gold">Active</span>
                      ) : (
                        <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={() => set(event)}>
                          Set active<span className="sr-only"> {event.name}</span>
                        </Button>
                      )}
                      <Button
                        variant="ghost"
                        size="sm"
                        className="whitespace-nowrap"
                        onClick={() => toggle(event)}
                        disabled={busy === event.id}
                        aria-busy={busy === event.id}
                      >
                        {event.isActive ? "Close" : "Reopen"}
                        <span className="sr-only"> {event.name}</span>
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <div className="flex flex-col gap-1">
        <Button
          variant="primary"
          onClick={() => setCapturing(true)}
          disabled={client === null}
          aria-describedby={client === null ? hintId : undefined}
          className="self-start"
        >
          Capture a guest
        </Button>
        {client === null ? (
          <p id={hintId} className="text-xs text-stone">
            Select a client first: the guest becomes one of their contacts.
          </p>
        ) : (
          <p className="text-xs text-stone">For {client.name}.</p>
        )}
      </div>

      {adding && <NewEventDialog onClose={() => setAdding(false)} />}
      {capturing && client && <GuestDialog client={client} event={active} onClose={() => setCapturing(false)} />}
    </section>
  );
}

function NewEventDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState("");
  const [when, setWhen] = useState("");
  const [open, setOpen] = useState(true);
  const creating = useCreateBrandEvent();
  const failed = creating.isError ? failureOf(creating.error, TAG_MESSAGES.eventCreateFailed) : null;
  const notify = useNotify();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || creating.isPending) return;
    creating.mutate(
      { name, datetime: eventDatetime(when), is_active: open },
      {
        onSuccess: ({ message, event }) => {
          notify({ type: "success", title: message, description: event.name });
          onClose();
        },
      },
    );
  }

  return (
    <Modal title="New event" onClose={onClose}>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3" aria-label="New event">
        <TextField
          label="Event name *"
          name="name"
          value={name}
          maxLength={120}
          required
          onChange={(e) => {
            creating.reset();
            setName(e.target.value);
          }}
        />
        <TextField
          label="Date and time"
          name="datetime"
          type="datetime-local"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          hint="Optional."
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="is_active"
            checked={open}
            onChange={(e) => setOpen(e.target.checked)}
            className="size-4 accent-ink"
          />
          Open: guests can be captured under it
        </label>
        {failed && <FormAlert title={failed.title}>{failed.message}</FormAlert>}
        <DialogActions
          onCancel={onClose}
          submitLabel="Create event"
          pendingLabel="Creating..."
          pending={creating.isPending}
          disabled={!name.trim()}
        />
      </form>
    </Modal>
  );
}

/** Guest capture (spec part 2 §5): names required, and an email or a phone; filed under the active event. */
function GuestDialog({
  client,
  event,
  onClose,
}: {
  client: PickedClient;
  event: ActiveEvent | null;
  onClose: () => void;
}) {
  const [guest, setGuest] = useState(EMPTY_GUEST);
  const [missingContact, setMissingContact] = useState(false);
  const capturing = useCaptureGuest();
  const captureFailed = capturing.isError ? failureOf(capturing.error, TAG_MESSAGES.exchangeFailed) : null;
  const notify = useNotify();
  const named = guestNamed(guest);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!named || capturing.isPending) return;
    if (!guestReachable(guest)) {
      notify({ type: "error", ...titled(TAG_MESSAGES.contactRequired) });
      setMissingContact(true);
      return;
    }
    capturing.mutate(
      { client_id: client.profileId, event_id: event?.id ?? null, ...guest },
      {
        onSuccess: ({ message }) => {
          notify({
            type: "success",
            title: message,
            description: `${guest.first_name.trim()} ${guest.last_name.trim()} is now a contact of ${client.name}.`,
          });
          onClose();
        },
        onError: (error) => {
          const transport = transportFailure(error);
          if (transport) {
            notify({ type: "error", title: transport.title, description: transport.message });
            return;
          }
          const { title, description } = titled(TAG_MESSAGES.exchangeFailed);
          notify({ type: "error", title, description: `${description}. ${error.message}` });
        },
      },
    );
  }

  const update = (key: keyof GuestDraft, value: string) => {
    capturing.reset();
    if (key === "email" || key === "phone") setMissingContact(false);
    setGuest({ ...guest, [key]: value });
  };

  const field = (key: keyof GuestDraft, label: string, props: InputHTMLAttributes<HTMLInputElement>) => (
    <TextField
      label={label}
      name={key}
      autoComplete="off"
      value={guest[key]}
      onChange={(e) => update(key, e.target.value)}
      {...props}
    />
  );

  return (
    <Modal title="Capture a guest" onClose={onClose}>
      <p className="mt-2 text-sm text-stone">
        For <strong className="font-medium text-ink">{client.name}</strong>
        {event ? (
          <>
            {" "}
            at <strong className="font-medium text-ink">{event.name}</strong>
          </>
        ) : (
          ", no active event"
        )}
        .
      </p>
      <form onSubmit={submit} className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Guest">
        {field("first_name", "First name *", { maxLength: 80, required: true })}
        {field("last_name", "Last name *", { maxLength: 80, required: true })}
        {field("email", "Email", { type: "email", maxLength: 254 })}
        {field("phone", "Phone", { type: "tel", maxLength: 40 })}
        <p className="text-xs text-stone sm:col-span-2">An email or a phone number is required.</p>
        <TextAreaField
          label="Notes"
          name="notes"
          className="sm:col-span-2"
          value={guest.notes}
          onChange={(e) => update("notes", e.target.value)}
        />
        {(missingContact || captureFailed) && (
          <FormAlert title={missingContact ? undefined : captureFailed?.title} className="sm:col-span-2">
            {missingContact ? TAG_MESSAGES.contactRequired : captureFailed?.message}
          </FormAlert>
        )}
        <DialogActions
          onCancel={onClose}
          submitLabel="Exchange contact"
          pendingLabel="Saving..."
          pending={capturing.isPending}
          disabled={!named}
          className="sm:col-span-2"
        />
      </form>
    </Modal>
  );
}
