import type { OwnerContact } from "@releve/db/crm/queries";
import { Button, buttonClass } from "@releve/ui";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { formatDay } from "../crm/crm-format";
import { ContactStatus } from "../crm/mark-contacted";

type Page = { contacts: OwnerContact[]; nextCursor: string | null };

/**
 * The garment page's contacts (issue #30): a page at a time, newest first. 'Load more' adds the
 * next page below (keyset: rows that arrive meanwhile neither repeat nor shift it), moves focus
 * to the first contact it added and says how many are shown. Without JavaScript it is a link to
 * the page of contacts after the last one shown.
 */
export function GarmentContacts(props: {
  garmentId: number;
  total: number;
  first: OwnerContact[];
  nextCursor: string | null;
  /** This page starts after others (a 'Load more' link followed without JavaScript). */
  paged: boolean;
  actionData: { error: string; contactId: number | null } | undefined;
}) {
  const { garmentId, total, first, actionData } = props;
  const fetcher = useFetcher<Page>();
  const [more, setMore] = useState<Page[]>([]);
  const focusId = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // A new first page (a navigation, or the page again after marking a contact) starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reset is for each new first page, which the effect does not read.
  useEffect(() => {
    setMore([]);
  }, [first]);
  // Each page that arrives, once, below the others; focus goes to its first contact.
  useEffect(() => {
    const page = fetcher.data;
    if (fetcher.state !== "idle" || !page) return;
    setMore((pages) => (pages.includes(page) ? pages : [...pages, page]));
    focusId.current = page.contacts[0]?.id ?? null;
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (focusId.current === null) return;
    // Once the added contacts are on screen (the render after the page arrived).
    const added = listRef.current?.querySelector<HTMLElement>(`[data-contact-id="${focusId.current}"]`);
    if (!added) return;
    added.focus();
    focusId.current = null;
  });

  const contacts = [...first, ...more.flatMap((p) => p.contacts)];
  const next = more.length ? (more[more.length - 1]?.nextCursor ?? null) : props.nextCursor;
  const loading = fetcher.state !== "idle";
  const nextHref = next ? `/dashboard/garment/${garmentId}?before=${encodeURIComponent(next)}#contacts` : null;

  return (
    <section aria-labelledby="contacts">
      <div className="flex items-center justify-between gap-4">
        <h2 id="contacts" className="font-display text-2xl">
          Contacts
        </h2>
        {total > 0 ? (
          <a href={`/dashboard/garment/${garmentId}/contacts.csv`} download className={buttonClass("secondary")}>
            Export CSV
          </a>
        ) : (
          <Button variant="secondary" disabled>
            Export CSV
          </Button>
        )}
      </div>
      {contacts.length === 0 ? (
        <p className="mt-4 text-stone">{total === 0 ? "No contacts yet" : "No older contacts"}</p>
      ) : (
        <ul ref={listRef} className="mt-4 flex flex-col gap-3">
          {contacts.map((c) => {
            const name = [c.first_name, c.last_name].filter(Boolean).join(" ") || "Anonymous";
            return (
              <li key={c.id} className="border border-ink/10 bg-white p-4">
                <article aria-label={name} tabIndex={-1} data-contact-id={c.id} className="outline-offset-4">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h3 className="font-display text-lg">{name}</h3>
                      <p className="break-words text-sm text-stone">
                        {[c.email, c.phone].filter(Boolean).join(" · ") || "No email or phone"}
                      </p>
                      <p className="text-xs text-stone">
                        {c.event_name ? `${c.event_name} · ` : ""}Connected {formatDay(c.created_at)}
                      </p>
                    </div>
                    <ContactStatus
                      contactedAt={c.contacted_at}
                      contactId={c.id}
                      error={actionData?.contactId === c.id ? actionData.error : null}
                    />
                  </div>
                  {c.contact_notes && <p className="mt-3 text-sm">{c.contact_notes}</p>}
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        {total > 0 && (
          <p className="text-sm text-stone" aria-live="polite">
            {props.paged
              ? `Showing ${contacts.length.toLocaleString("en")} older of ${total.toLocaleString("en")} contacts`
              : `Showing ${contacts.length.toLocaleString("en")} of ${total.toLocaleString("en")} contacts`}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {props.paged && (
            <Link to={`/dashboard/garment/${garmentId}#contacts`} className={buttonClass("secondary")}>
              Newest contacts
            </Link>
          )}
          {nextHref && next && (
            <a
              href={nextHref}
              className={buttonClass("secondary")}
              aria-disabled={loading || undefined}
              onClick={(event) => {
                event.preventDefault();
                if (!loading) fetcher.load(`/dashboard/garment/${garmentId}?before=${encodeURIComponent(next)}`);
              }}
            >
              {loading ? "Loading…" : "Load more"}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
