import { SEARCH_MAX_LENGTH } from "@releve/core/platform/input-limits";
import type { CreatedClient } from "@releve/core/tags/contracts";
import { CLIENT_SEARCH_MIN_LENGTH, TAG_MESSAGES } from "@releve/core/tags/rules";
import { Button, FormAlert, TextField } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useNotify } from "../../notify";
import { DialogActions, Modal, TableScroll } from "../../ui";
import {
  type ClientDraft,
  clientIdBadge,
  clientSearchView,
  clientsFoundText,
  EMPTY_CLIENT,
  invitationText,
  isCompleteClient,
  SEARCH_DEBOUNCE_MS,
  searchTerm,
} from "./client-search";
import { clientSearchQuery, useCreateClient } from "./clients-queries";
import { failureOf } from "./failure";

/** The client a tag is attached to (the programmer's confirm-client card). */
export type PickedClient = { profileId: number; clientId: string; name: string; email: string | null };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function ClientIdBadge({ clientId }: { clientId: string }) {
  return (
    <span title={clientId} className="inline-block border border-gold/50 px-1.5 py-0.5 font-mono text-xs text-ink">
      {clientIdBadge(clientId)}
    </span>
  );
}

/**
 * The programmer's client: search (from CLIENT_SEARCH_MIN_LENGTH characters, 10 results), 'Create
 * client', and once one is picked the confirm-client card with `children` (the page's 'Attach & write').
 */
export function ClientPanel({
  selected,
  onSelect,
  children,
}: {
  selected: PickedClient | null;
  onSelect: (client: PickedClient | null) => void;
  children?: ReactNode;
}) {
  const [creating, setCreating] = useState(false);
  const headingId = useId();
  const card = useRef<HTMLDivElement>(null);
  const cardHeading = useRef<HTMLHeadingElement>(null);
  const searchBox = useRef<HTMLDivElement>(null);
  // Focus follows a change of client made here: onto the card once picked, back to the search once
  // cleared; and back to the search when the page clears it (after 'Attach & write') while focus was
  // in the card, unless the page has put focus somewhere else already.
  const moved = useRef(false);
  const focusInCard = useRef(false);
  const selectedId = selected?.profileId ?? null;
  const hasCard = selected !== null;
  useEffect(() => {
    const box = card.current;
    if (!hasCard || !box) return;
    const inside = () => {
      focusInCard.current = true;
    };
    const outside = (event: FocusEvent) => {
      focusInCard.current = box.contains(event.relatedTarget as Node | null);
    };
    box.addEventListener("focusin", inside);
    box.addEventListener("focusout", outside);
    return () => {
      box.removeEventListener("focusin", inside);
      box.removeEventListener("focusout", outside);
    };
  }, [hasCard]);
  useEffect(() => {
    const byUs = moved.current;
    const lost = focusInCard.current && (document.activeElement === null || document.activeElement === document.body);
    moved.current = false;
    focusInCard.current = false;
    if (selectedId !== null) {
      if (byUs) cardHeading.current?.focus();
    } else if (byUs || lost) {
      searchBox.current?.querySelector("input")?.focus();
    }
  }, [selectedId]);
  const pick = (client: PickedClient | null) => {
    moved.current = true;
    onSelect(client);
  };

  return (
    <section
      aria-labelledby={headingId}
      data-panel="client"
      className="flex min-w-0 flex-col gap-4 border border-ink/10 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-2xl">
          Client
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
          Create client
        </Button>
      </div>
      {selected ? (
        <div ref={card} className="flex min-w-0 flex-col gap-3 border border-gold/60 bg-ivory p-4">
          <h3 ref={cardHeading} tabIndex={-1} className="text-xs uppercase tracking-[0.2em] text-gold outline-none">
            Confirm client
          </h3>
          <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone">Name</dt>
            <dd className="min-w-0 break-words font-medium">{selected.name}</dd>
            <dt className="text-stone">Email</dt>
            <dd className="min-w-0 break-all">{selected.email ?? "No email"}</dd>
            <dt className="text-stone">Client ID</dt>
            <dd className="min-w-0 break-all font-mono text-xs leading-5">{selected.clientId}</dd>
          </dl>
          <div className="flex flex-wrap items-center gap-2">
            {children}
            <Button variant="ghost" size="sm" onClick={() => pick(null)}>
              Change<span className="sr-only"> client</span>
            </Button>
          </div>
        </div>
      ) : (
        <ClientSearch boxRef={searchBox} onPick={pick} />
      )}
      {creating && <CreateClientDialog onClose={() => setCreating(false)} onCreated={pick} />}
    </section>
  );
}

function ClientSearch({
  boxRef,
  onPick,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  onPick: (client: PickedClient) => void;
}) {
  const [text, setText] = useState("");
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const ready = searchTerm(term) !== null;
  const search = useQuery(clientSearchQuery(searchTerm(term)));
  const typing = text.trim() !== term;
  const view = clientSearchView(text, term, {
    isError: search.isError,
    isPlaceholderData: search.isPlaceholderData,
    clients: search.data?.clients,
  });

  let result: ReactNode = null;
  if (view === "nothing") {
    result = null;
  } else if (view === "error") {
    const failure = failureOf(search.error, TAG_MESSAGES.searchError);
    result = (
      <div role="alert" className="border border-danger/40 bg-white p-3 text-sm text-danger">
        <p className="font-medium">{failure.title}</p>
        <p>{failure.message}</p>
        <button type="button" onClick={() => search.refetch()} className="mt-1 underline underline-offset-4">
          Try again
        </button>
      </div>
    );
  } else if (view === "searching" || !search.data) {
    result = (
      <p role="status" className="text-sm text-stone">
        Searching clients...
      </p>
    );
  } else if (view === "no-match") {
    result = (
      <p role="status" className="border border-dashed border-ink/20 p-4 text-center text-sm text-stone">
        No client matches “{term}”. Check the spelling, or create the client.
      </p>
    );
  } else {
    const clients = search.data.clients;
    result = (
      <>
        <p role="status" className="sr-only">
          {clientsFoundText(clients.length)}
        </p>
        <TableScroll label={`Search results for “${term}”`} boxClassName="border border-ink/10">
          <table className="w-full min-w-[30rem] text-left text-sm">
            <caption className="sr-only">Clients matching “{term}”</caption>
            <thead className="bg-ivory text-xs uppercase tracking-[0.14em] text-stone">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Email
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Client ID
                </th>
              </tr>
            </thead>
            <tbody>
              {clients.map((c) => (
                <tr key={c.profileId} className="border-t border-ink/10">
                  <th scope="row" className="px-3 py-1 font-normal">
                    <button
                      type="button"
                      onClick={() => onPick(c)}
                      className="min-h-11 text-left font-medium underline decoration-ink/30 underline-offset-4 hover:decoration-ink"
                    >
                      <span className="sr-only">Select </span>
                      {c.name}
                    </button>
                  </th>
                  <td className="break-all px-3 py-1">{c.email ?? "—"}</td>
                  <td className="px-3 py-1">
                    <ClientIdBadge clientId={c.clientId} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </>
    );
  }

  return (
    <div ref={boxRef} className="flex min-w-0 flex-col gap-3" aria-busy={ready && (typing || search.isFetching)}>
      <TextField
        label="Find a client"
        name="client_search"
        type="search"
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Name, email or client id"
        hint={`Type at least ${CLIENT_SEARCH_MIN_LENGTH} characters. Up to 10 clients are shown.`}
      />
      {result}
    </div>
  );
}

/** 'Create client': an account with an invitation to set its password; the new client becomes the selected one. */
function CreateClientDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (client: PickedClient) => void;
}) {
  const [draft, setDraft] = useState(EMPTY_CLIENT);
  const creating = useCreateClient();
  const failed = creating.isError ? failureOf(creating.error, TAG_MESSAGES.creationError) : null;
  const notify = useNotify();
  const complete = isCompleteClient(draft);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || creating.isPending) return;
    creating.mutate(draft, {
      onSuccess: (client: CreatedClient) => {
        notify({
          type: "success",
          title: client.message,
          description: invitationText(client),
        });
        onClose();
        onCreated({ profileId: client.profileId, clientId: client.clientId, name: client.name, email: client.email });
      },
    });
  }

  const field = (key: keyof ClientDraft, label: string, props: InputHTMLAttributes<HTMLInputElement>) => (
    <TextField
      label={label}
      name={key}
      value={draft[key]}
      onChange={(e) => {
        creating.reset();
        setDraft({ ...draft, [key]: e.target.value });
      }}
      required
      {...props}
    />
  );

  return (
    <Modal title="Create client" onClose={onClose}>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3" aria-label="New client">
        <p className="text-sm text-stone">
          The client gets an email with a link to choose a password; their garments wait in their wardrobe.
        </p>
        {field("first_name", "First name *", { autoComplete: "off", maxLength: 80 })}
        {field("last_name", "Last name *", { autoComplete: "off", maxLength: 80 })}
        {field("email", "Email *", { type: "email", autoComplete: "off", maxLength: 254 })}
        {failed && <FormAlert title={failed.title}>{failed.message}</FormAlert>}
        <DialogActions
          onCancel={onClose}
          submitLabel="Create client"
          pendingLabel="Creating..."
          pending={creating.isPending}
          disabled={!complete}
        />
      </form>
    </Modal>
  );
}
