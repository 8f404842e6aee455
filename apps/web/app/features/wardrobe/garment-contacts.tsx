import { formatPhone } from "@releve/core/platform/phone";
import type { OwnerContact } from "@releve/db/crm/queries";
import { formatDay } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { Button, buttonClass } from "@releve/ui";
import { LoadMore, useKeysetPages } from "../../components/load-more";
import { ContactNotes } from "../crm/contact-item";
import { ContactStatus } from "../crm/mark-contacted";

type Page = { contacts: OwnerContact[]; nextCursor: string | null };
const readPage = (page: Page) => ({ rows: page.contacts, nextCursor: page.nextCursor });

/**
 * The garment's contacts (issue #30): a page at a time, newest first, 'Load more' for the next
 * (components/load-more.tsx, as every list is paged).
 */
export function GarmentContacts(props: {
  garmentId: number;
  total: number;
  first: OwnerContact[];
  nextCursor: string | null;
  /** This page starts after others (a 'Load more' link followed without JavaScript). */
  paged: boolean;
  actionData: { error: string; contactId: number | null; editing: boolean } | undefined;
}) {
  const { garmentId, total, first, actionData } = props;
  const pages = useKeysetPages({
    first,
    nextCursor: props.nextCursor,
    read: readPage,
    href: (cursor) => `/dashboard/garment/${garmentId}?before=${encodeURIComponent(cursor)}`,
  });
  const contacts = pages.rows;
  const locale = currentLocale();

  return (
    <section aria-labelledby="contacts">
      <div className="flex items-center justify-between gap-4">
        <h2 id="contacts" className="font-display text-2xl">
          {m.wardrobe_contacts()}
        </h2>
        {total > 0 ? (
          <a href={`/dashboard/garment/${garmentId}/contacts.csv`} download className={buttonClass("secondary")}>
            {m.wardrobe_export_csv()}
          </a>
        ) : (
          <Button variant="secondary" disabled>
            {m.wardrobe_export_csv()}
          </Button>
        )}
      </div>
      {contacts.length === 0 ? (
        <p className="mt-4 text-stone">{total === 0 ? m.wardrobe_no_contacts() : m.wardrobe_no_older_contacts()}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {contacts.map((c) => {
            const name = [c.first_name, c.last_name].filter(Boolean).join(" ") || m.dashboard_anonymous();
            return (
              <li key={c.id} className="border border-ink/10 bg-white p-4">
                <article aria-label={name} tabIndex={-1} data-keyset-id={c.id} className="outline-offset-4">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h3 className="font-display text-lg">{name}</h3>
                      <p className="break-words text-sm text-stone">
                        {[c.email, c.phone && formatPhone(c.phone)].filter(Boolean).join(" · ") ||
                          m.wardrobe_no_email_or_phone()}
                      </p>
                      <p className="text-xs text-stone">
                        {c.event_name
                          ? m.wardrobe_connected_at_event({
                              event: c.event_name,
                              date: formatDay(locale, c.created_at),
                            })
                          : m.wardrobe_connected_on({ date: formatDay(locale, c.created_at) })}
                      </p>
                    </div>
                    <ContactStatus
                      contactedAt={c.contacted_at}
                      notes={c.contact_notes}
                      contactId={c.id}
                      error={actionData?.contactId === c.id && !actionData.editing ? actionData.error : null}
                      editError={actionData?.contactId === c.id && actionData.editing ? actionData.error : null}
                    />
                  </div>
                  {/* The visitor's own note too, as /connections shows it (issue #35). */}
                  <ContactNotes notes={c.notes} contactNotes={c.contact_notes} />
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore
        shown={contacts.length}
        total={total}
        noun={m.wardrobe_contacts_noun()}
        paged={props.paged}
        newestHref={`/dashboard/garment/${garmentId}#contacts`}
        newestLabel={m.wardrobe_newest_contacts()}
        anchor="#contacts"
        pages={pages}
      />
    </section>
  );
}
