import { contactsQueryFrom, contactsQueryString } from "@releve/core/crm/rules";
import { SEARCH_MAX_LENGTH } from "@releve/core/platform/input-limits";
import { listContacts } from "@releve/db/crm/queries";
import { m } from "@releve/i18n/messages";
import { data, Form, Link, useNavigation } from "react-router";
import { BackLink } from "../../components/back-link";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { LoadMore, useKeysetPages } from "../../components/load-more";
import { SubmitButton } from "../../components/submit-button";
import { sayFieldErrors } from "../../lib/field-said";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/dashboard.contacts";
import { ContactExports } from "./contact-exports";
import { ContactItem } from "./contact-item";
import { crmAction } from "./crm-actions.server";
import { CRM_FIELDS } from "./said";

export const meta = () => [{ title: m.crm_contacts_title() }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const parsed = contactsQueryFrom(new URL(request.url).searchParams);
  if (!parsed.success) {
    throw data(Object.values(sayFieldErrors(CRM_FIELDS, parsed.error)).join(" "), { status: 400 });
  }
  const page = await listContacts(requestContext(request, context).db, user.userId, parsed.data);
  if (!page) throw data(m.crm_event_not_found(), { status: 404 });
  return { ...page, query: parsed.data };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  crmAction(request, context, ["mark-contacted", "update-notes"]);

function FilterSelect({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: Array<[value: string, label: string]>;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium uppercase tracking-[0.16em]">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="min-h-11 w-full min-w-0 border border-ink/20 bg-white px-3 text-base"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

type ContactsData = Route.ComponentProps["loaderData"];
const readPage = (page: ContactsData) => ({ rows: page.contacts, nextCursor: page.nextCursor });

export default function ContactsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { total, events, query } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/dashboard/contacts";
  const filtered = !!query.q || query.event.kind !== "all" || query.contacted !== "all";
  const paged = query.before !== null;
  const exportQuery = contactsQueryString({ ...query, before: null });
  const pages = useKeysetPages({
    first: loaderData.contacts,
    nextCursor: loaderData.nextCursor,
    read: readPage,
    href: (cursor) => `/dashboard/contacts${exportQuery ? `${exportQuery}&` : "?"}before=${encodeURIComponent(cursor)}`,
  });
  const contacts = pages.rows;
  const eventValue = query.event.kind === "event" ? String(query.event.id) : query.event.kind;

  return (
    <section className="mx-auto w-full max-w-5xl px-5 py-10 sm:py-16">
      <BackLink to="/dashboard">{m.nav_dashboard()}</BackLink>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="font-display text-4xl sm:text-5xl">{m.crm_contacts()}</h1>
        <ContactExports query={exportQuery} empty={total === 0} />
      </div>

      <Form
        method="get"
        action="/dashboard/contacts"
        role="search"
        aria-label={m.crm_filter_contacts()}
        className="mt-8 grid grid-cols-1 gap-3 border border-ink/10 bg-white p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor="contacts-q" className="text-xs font-medium uppercase tracking-[0.16em]">
            {m.crm_search_label()}
          </label>
          <input
            id="contacts-q"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={m.crm_contacts_placeholder()}
            className="min-h-11 w-full min-w-0 border border-ink/20 bg-white px-3 text-base outline-none focus:border-ink"
          />
        </div>
        <FilterSelect
          id="contacts-event"
          label={m.crm_filter_event()}
          name="event"
          value={eventValue}
          options={[
            ["all", m.crm_all_events()],
            ["none", m.crm_no_event()],
            ...events.map((e): [string, string] => [String(e.id), e.name]),
          ]}
        />
        <FilterSelect
          id="contacts-status"
          label={m.crm_filter_status()}
          name="contacted"
          value={query.contacted}
          options={[
            ["all", m.crm_status_all()],
            ["no", m.crm_not_contacted()],
            ["yes", m.crm_contacted()],
          ]}
        />
        <SubmitButton busy={searching} busyLabel={m.crm_searching()}>
          {m.crm_apply()}
        </SubmitButton>
      </Form>

      <p className="mt-6 text-sm text-stone" aria-live="polite">
        {filtered ? m.crm_contacts_match({ count: total }) : m.crm_contacts_count({ count: total })}
        {filtered && (
          <>
            {" · "}
            <Link to="/dashboard/contacts" className="underline underline-offset-4">
              {m.crm_clear_filters()}
            </Link>
          </>
        )}
      </p>

      {contacts.length === 0 ? (
        <div className="mt-6 border border-ink/10 bg-white p-8">
          <h2 className="font-display text-2xl">
            {paged ? m.crm_no_older_contacts() : filtered ? m.crm_no_contacts_match() : m.crm_no_contacts()}
          </h2>
          <p className="mt-2 text-stone">{filtered || paged ? m.crm_try_another_search() : m.crm_no_contacts_hint()}</p>
        </div>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" aria-busy={searching}>
          {contacts.map((c) => (
            <li key={c.id}>
              <ContactItem contact={c} actionData={actionData} />
            </li>
          ))}
        </ul>
      )}

      <LoadMore
        shown={contacts.length}
        total={total}
        noun={m.crm_noun_contacts()}
        paged={paged}
        newestHref={`/dashboard/contacts${exportQuery}`}
        newestLabel={m.crm_newest_contacts()}
        pages={pages}
      />
    </section>
  );
}

export function ErrorBoundary() {
  // Spec part 2 §8: the page's own words when its data could not be loaded.
  return <GeneralErrorBoundary failure={{ title: m.crm_load_contacts_failed(), text: m.site_try_again_moment() }} />;
}
