import { parseContactCursor, parseId, SearchQuerySchema } from "@releve/core/crm/rules";
import { SEARCH_MAX_LENGTH } from "@releve/core/platform/input-limits";
import { listConnections } from "@releve/db/crm/queries";
import { slot, splitSlots } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { data, Form, Link } from "react-router";
import { BackLink } from "../../components/back-link";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { LoadMore, useKeysetPages } from "../../components/load-more";
import { sayFieldErrors } from "../../lib/field-said";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/connections";
import { groupByEvent } from "./connection-groups";
import { ContactItem } from "./contact-item";
import { crmAction } from "./crm-actions.server";
import { formatEventDate } from "./crm-format";
import { CRM_FIELDS } from "./said";

export const meta = () => [{ title: m.crm_connections_title() }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const params = new URL(request.url).searchParams;
  // The one text rule (decision 0042), as the contacts list's search.
  const search = SearchQuerySchema.safeParse({ q: params.get("q") ?? "" });
  if (!search.success) throw data(Object.values(sayFieldErrors(CRM_FIELDS, search.error)).join(" "), { status: 400 });
  const { q } = search.data;
  const rawGarment = params.get("garment");
  const garmentId = rawGarment ? parseId(rawGarment) : null;
  if (rawGarment && garmentId === null) throw data(m.crm_garment_not_found(), { status: 404 });
  // A page after the one shown ('Load more'); an unreadable cursor starts from the newest.
  const before = parseContactCursor(params.get("before"));
  const found = await listConnections(requestContext(request, context).db, user.userId, { q, garmentId, before });
  if (!found) throw data(m.crm_garment_not_found(), { status: 404 });
  return { ...found, q, paged: before !== null };
}

type ConnectionsData = Route.ComponentProps["loaderData"];
const readPage = (page: ConnectionsData) => ({ rows: page.contacts, nextCursor: page.nextCursor });

export const action = ({ request, context }: Route.ActionArgs) =>
  crmAction(request, context, ["mark-contacted", "update-notes"]);

export default function ConnectionsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { q, garment, total, paged } = loaderData;
  const filter = new URLSearchParams();
  if (garment) filter.set("garment", String(garment.id));
  if (q) filter.set("q", q);
  const pages = useKeysetPages({
    first: loaderData.contacts,
    nextCursor: loaderData.nextCursor,
    read: readPage,
    href: (cursor) => `/connections?${filter.size ? `${filter}&` : ""}before=${encodeURIComponent(cursor)}`,
  });
  // Grouped as they arrive: a page that goes on an event's list adds to its group.
  const groups = groupByEvent(pages.rows);
  return (
    <section className="mx-auto w-full max-w-5xl px-5 py-10 sm:py-16">
      <BackLink to="/dashboard">{m.nav_dashboard()}</BackLink>
      <h1 className="mt-6 font-display text-4xl sm:text-5xl">{m.crm_connections()}</h1>
      {garment && (
        <p className="mt-3 text-stone">
          {splitSlots(m.crm_connected_through({ garment: slot("garment") })).map((part) =>
            typeof part === "string" ? (
              part
            ) : (
              <span key={part.slot} className="text-ink">
                {garment.name ?? m.crm_this_garment()}
              </span>
            ),
          )}
          {" · "}
          <Link to="/connections" className="underline underline-offset-4">
            {m.crm_all_garments()}
          </Link>
        </p>
      )}

      <Form
        method="get"
        action="/connections"
        role="search"
        aria-label={m.crm_search_connections()}
        className="mt-8 flex flex-col gap-2 sm:flex-row"
      >
        {garment && <input type="hidden" name="garment" value={garment.id} />}
        <label htmlFor="connections-q" className="sr-only">
          {m.crm_search_connections()}
        </label>
        <input
          id="connections-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={m.crm_search_connections_placeholder()}
          className="min-h-11 w-full min-w-0 flex-1 border border-ink/20 bg-white px-3 text-base outline-none focus:border-ink"
        />
        <button type="submit" className={buttonClass("primary")}>
          {m.crm_search()}
        </button>
      </Form>

      {total === 0 ? (
        q ? (
          <div className="mt-8 border border-ink/10 bg-white p-8">
            <h2 className="font-display text-2xl">{m.crm_no_connections_match({ q })}</h2>
            <p className="mt-2 text-stone">{m.crm_no_connections_match_hint()}</p>
          </div>
        ) : (
          <div className="mt-8 flex flex-col items-start gap-4 border border-ink/10 bg-white p-8">
            <h2 className="font-display text-2xl">{m.crm_no_connections()}</h2>
            <p className="text-stone">{m.crm_no_connections_hint()}</p>
            <Link to="/tap-register" className={buttonClass("primary")}>
              {m.crm_register_garment()}
            </Link>
          </div>
        )
      ) : (
        <>
          <p className="mt-6 text-sm text-stone">{m.crm_connections_count({ count: total })}</p>
          <div className="mt-6 flex flex-col gap-10">
            {groups.map((group) => (
              <section key={group.key} aria-labelledby={`group-${group.key}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-ink/10 pb-2">
                  <h2 id={`group-${group.key}`} className="font-display text-2xl">
                    {group.name}
                  </h2>
                  <span className="text-xs uppercase tracking-[0.16em] text-stone">
                    {group.date ? `${formatEventDate(group.date)} · ` : ""}
                    {m.crm_connections_count({ count: group.contacts.length })}
                    {group.eventId && (
                      <>
                        {" · "}
                        <Link to={`/dashboard/events/${group.eventId}`} className="underline underline-offset-4">
                          {m.crm_view_event()}
                        </Link>
                      </>
                    )}
                  </span>
                </div>
                <ul className="mt-4 flex flex-col gap-3">
                  {group.contacts.map((c) => (
                    <li key={c.id}>
                      <ContactItem contact={c} actionData={actionData} showEvent={false} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <LoadMore
            shown={pages.rows.length}
            total={total}
            noun={m.crm_noun_connections()}
            paged={paged}
            newestHref={`/connections${filter.size ? `?${filter}` : ""}`}
            newestLabel={m.crm_newest_connections()}
            pages={pages}
          />
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  // Spec part 2 §8: the page's own words when its data could not be loaded.
  return <GeneralErrorBoundary failure={{ title: m.crm_load_connections_failed(), text: m.site_try_again_moment() }} />;
}
