import { eventDay, eventState } from "@releve/core/crm/rules";
import { listEvents } from "@releve/db/crm/queries";
import { m } from "@releve/i18n/messages";
import { Button, buttonClass, FormAlert, TextAreaField, TextField } from "@releve/ui";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { BackLink } from "../../components/back-link";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { SubmitButton } from "../../components/submit-button";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/dashboard.events";
import { ActiveEventStar, choosable, EventBadge } from "./active-event-star";
import { type CrmActionData, crmAction } from "./crm-actions.server";
import { formatEventDate } from "./crm-format";

export const meta = () => [{ title: m.crm_events_title() }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const now = Date.now();
  return { ...(await listEvents(requestContext(request, context).db, user.userId, now)), today: eventDay(now) };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  crmAction(request, context, ["create-event", "set-active-event"]);

function CreateEventDialog({ actionData }: { actionData: CrmActionData | undefined }) {
  const [searchParams] = useSearchParams();
  const failed = actionData?.intent === "create-event";
  const [open, setOpen] = useState(failed || searchParams.get("create") === "1");
  const ref = useRef<HTMLDialogElement>(null);
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create-event";
  const [name, setName] = useState("");
  const fields = failed ? actionData.fields : {};

  useEffect(() => {
    if (failed || searchParams.get("create") === "1") setOpen(true);
  }, [failed, searchParams]);
  // Close (and clear) once a create has gone through; stay open to show its errors.
  const submitted = useRef(false);
  useEffect(() => {
    if (creating) submitted.current = true;
    else if (submitted.current && navigation.state === "idle") {
      submitted.current = false;
      if (!failed) {
        setOpen(false);
        setName("");
      }
    }
  }, [creating, navigation.state, failed]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <Link
        to="?create=1"
        className={buttonClass("primary")}
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        {m.crm_create_event()}
      </Link>
      <dialog
        ref={ref}
        aria-labelledby="create-event-title"
        onClose={() => setOpen(false)}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] border border-ink/10 bg-ivory p-0 text-ink backdrop:bg-ink/40"
      >
        <Form method="post" className="flex flex-col gap-4 p-6" noValidate>
          <input type="hidden" name="intent" value="create-event" />
          <h2 id="create-event-title" className="font-display text-2xl">
            {m.crm_create_event()}
          </h2>
          {failed && actionData.fields.form && <FormAlert>{actionData.fields.form}</FormAlert>}
          <TextField
            label={m.crm_event_name_label()}
            name="name"
            required
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fields.name}
            autoComplete="off"
          />
          <TextAreaField
            label={m.crm_description_label()}
            name="description"
            maxLength={1000}
            error={fields.description}
          />
          <TextField
            label={m.crm_location_label()}
            name="location"
            maxLength={200}
            error={fields.location}
            autoComplete="off"
          />
          <TextField label={m.crm_date_optional_label()} name="date" type="date" error={fields.date} />
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {m.crm_cancel()}
            </Button>
            <SubmitButton busy={creating} busyLabel={m.crm_creating()} disabled={name.trim() === ""}>
              {m.crm_create_event()}
            </SubmitButton>
          </div>
        </Form>
      </dialog>
    </>
  );
}

export default function EventsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { events, activeEventId, today } = loaderData;
  const stateOf = (e: (typeof events)[number]) => eventState(e, activeEventId, today);
  const selectable = events.filter((e) => choosable(stateOf(e)));
  const activeError = actionData?.intent === "set-active-event" ? actionData.error : null;

  return (
    <section className="mx-auto w-full max-w-5xl px-5 py-10 sm:py-16">
      <BackLink to="/dashboard">{m.nav_dashboard()}</BackLink>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-4xl sm:text-5xl">{m.crm_events()}</h1>
          <p className="mt-3 max-w-xl text-stone">{m.crm_events_intro()}</p>
        </div>
        <CreateEventDialog actionData={actionData} />
      </div>

      {events.length > 0 && (
        <Form
          method="post"
          aria-labelledby="active-event-title"
          className="mt-8 grid grid-cols-1 gap-3 border border-ink bg-white p-5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="set-active-event" />
          <p id="active-event-title" className="sr-only">
            {m.crm_active_event_hint()}
          </p>
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor="active-event" className="text-xs font-medium uppercase tracking-[0.16em]">
              {m.crm_active_event_label()}
            </label>
            <select
              id="active-event"
              name="eventId"
              defaultValue={activeEventId ?? ""}
              key={activeEventId ?? "none"}
              className="min-h-11 w-full min-w-0 border border-ink/20 bg-white px-3 text-base font-normal normal-case tracking-normal"
            >
              <option value="">{m.crm_no_active_event()}</option>
              {selectable.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </select>
          </div>
          <SubmitButton
            busyLabel={m.crm_saving()}
            pending={({ formData }) => formData?.get("intent") === "set-active-event" && !formData.has("star")}
          >
            {m.crm_set_active_event()}
          </SubmitButton>
          {activeError && (
            <div className="sm:col-span-2">
              <FormAlert>{activeError}</FormAlert>
            </div>
          )}
        </Form>
      )}

      {events.length === 0 ? (
        <div className="mt-10 flex flex-col items-start gap-4 border border-ink/10 bg-white p-8">
          <h2 className="font-display text-2xl">{m.crm_no_events()}</h2>
          <p className="text-stone">{m.crm_no_events_hint()}</p>
          <Link to="?create=1" className={buttonClass("primary")}>
            {m.crm_create_first_event()}
          </Link>
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2">
          {events.map((e) => {
            const state = stateOf(e);
            const isActive = state === "active";
            return (
              <li key={e.id} id={`event-${e.id}`}>
                <article
                  aria-label={e.name}
                  className={`flex h-full min-w-0 flex-col gap-3 border bg-white p-5 ${isActive ? "border-gold ring-1 ring-gold" : "border-ink/10"}`}
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 className="break-words font-display text-2xl">{e.name}</h2>
                      {e.date && <p className="text-sm text-stone">{formatEventDate(e.date)}</p>}
                      {e.location && <p className="break-words text-sm text-stone">{e.location}</p>}
                    </div>
                    {choosable(state) && <ActiveEventStar eventId={e.id} name={e.name} active={isActive} />}
                  </div>
                  {e.description && <p className="break-words text-sm">{e.description}</p>}
                  <EventBadge state={state} />
                  <dl className="mt-auto grid grid-cols-2 gap-3 text-center">
                    <div className="border border-ink/10 p-3">
                      <dt className="text-[10px] uppercase tracking-[0.16em] text-stone">{m.crm_scans()}</dt>
                      <dd className="mt-1 font-display text-2xl">{e.scans}</dd>
                    </div>
                    <div className="border border-ink/10 p-3">
                      <dt className="text-[10px] uppercase tracking-[0.16em] text-stone">{m.crm_contacts()}</dt>
                      <dd className="mt-1 font-display text-2xl">{e.contacts}</dd>
                    </div>
                  </dl>
                  <Link
                    to={`/dashboard/events/${e.id}`}
                    className={buttonClass("secondary")}
                    aria-label={m.crm_view_named({ name: e.name })}
                  >
                    {m.crm_view()}
                  </Link>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  // Spec part 2 §8: the page's own words when its data could not be loaded.
  return <GeneralErrorBoundary failure={{ title: m.crm_error(), text: m.crm_load_events_failed() }} />;
}
