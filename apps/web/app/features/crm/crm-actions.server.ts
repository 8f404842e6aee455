import { safeRedirect } from "@releve/core/accounts/auth-constants";
import { ActiveEventSchema, CreateEventSchema, MarkContactedSchema } from "@releve/core/crm/rules";
import { parseId } from "@releve/core/platform/input-limits";
import { m } from "@releve/i18n/messages";
import { createOwnerEvent } from "@releve/verbs/crm/create-owner-event";
import { markContactContacted } from "@releve/verbs/crm/mark-contact-contacted";
import { setActiveEvent } from "@releve/verbs/crm/set-active-event";
import { updateContactNotes } from "@releve/verbs/crm/update-contact-notes";
import { data, type RouterContextProvider } from "react-router";
import { sayFieldErrors } from "../../lib/field-said";
import { readForm } from "../../lib/form.server";
import { redirectWithToast } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import { CRM_FIELDS, CRM_SAID } from "./said";

export type CrmIntent = "mark-contacted" | "update-notes" | "create-event" | "set-active-event";

export type CrmActionData =
  | { intent: "mark-contacted" | "update-notes"; error: string; contactId: number | null }
  | { intent: "create-event"; error: string; fields: Record<string, string> }
  | { intent: "set-active-event"; error: string }
  | { intent: null; error: string };

/**
 * The page the form was posted from, with its filters: a client-side submission reaches the
 * action as `/page.data?...&_routes=...`, which is not a page to go back to.
 */
function pagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const path = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") || "/";
  // Through the one redirect check: a request path like "//host/dashboard/contacts" stays a path.
  return safeRedirect(`${path}${url.search}`, "/dashboard");
}

/**
 * The owner's CRM mutations, all POST (CSRF is checked for every non-GET by the shell):
 * - mark-contacted: 400 for bad input, 404 for a contact that is not this owner's;
 * - create-event: 400 with field errors;
 * - set-active-event: 404 for an event that is not this owner's active-flagged one.
 * Nothing changes on any error; success goes back to the same page with the spec's toast.
 * Errors and toasts are said in the owner's language (issue #34).
 */
export async function crmAction(request: Request, context: Readonly<RouterContextProvider>, allowed: CrmIntent[]) {
  const user = requireUser(request, context);
  const deps = requestContext(request, context);
  const form = await readForm(request);
  const text = (name: string) => form.optional(name);
  const intent = text("intent") as CrmIntent | undefined;
  const back = pagePath(request);
  if (!intent || !allowed.includes(intent)) {
    return data<CrmActionData>({ intent: null, error: m.crm_unknown_action() }, { status: 400 });
  }

  if (intent === "mark-contacted" || intent === "update-notes") {
    const parsed = MarkContactedSchema.safeParse({ contactId: text("contactId"), notes: text("notes") });
    const contactId = parseId(text("contactId"));
    if (!parsed.success) {
      const errors = sayFieldErrors(CRM_FIELDS, parsed.error);
      const field = errors.notes ?? errors.contactId;
      return data<CrmActionData>(
        { intent, error: field === undefined ? CRM_SAID.updateContact() : field, contactId },
        { status: 400 },
      );
    }
    const change = intent === "update-notes" ? updateContactNotes : markContactContacted;
    const outcome = await change(deps.effects, { userId: user.userId, ...parsed.data });
    if (outcome.code === "not_found") {
      return data<CrmActionData>({ intent, error: CRM_SAID.updateContact(), contactId }, { status: 404 });
    }
    const title = intent === "update-notes" ? CRM_SAID.contactUpdated() : CRM_SAID.markedContacted();
    return redirectWithToast(deps.env, request, back, { type: "success", title });
  }

  if (intent === "create-event") {
    const parsed = CreateEventSchema.safeParse({
      name: text("name"),
      description: text("description"),
      location: text("location"),
      date: text("date"),
    });
    if (!parsed.success) {
      return data<CrmActionData>(
        { intent, error: CRM_SAID.createEvent(), fields: sayFieldErrors(CRM_FIELDS, parsed.error) },
        { status: 400 },
      );
    }
    const { eventId } = await createOwnerEvent(deps.effects, { userId: user.userId, values: parsed.data });
    return redirectWithToast(deps.env, request, `/dashboard/events#event-${eventId}`, {
      type: "success",
      title: CRM_SAID.eventCreated(),
    });
  }

  const parsed = ActiveEventSchema.safeParse({ eventId: text("eventId") });
  if (!parsed.success) {
    return data<CrmActionData>({ intent, error: CRM_SAID.updateActiveEvent() }, { status: 400 });
  }
  const { code } = await setActiveEvent(deps.effects, { userId: user.userId, eventId: parsed.data.eventId });
  if (code === "not_found" || code === "no_profile") {
    return data<CrmActionData>({ intent, error: CRM_SAID.updateActiveEvent() }, { status: 404 });
  }
  return redirectWithToast(deps.env, request, back, {
    type: "success",
    title: code === "set" ? CRM_SAID.activeEventSet() : CRM_SAID.activeEventCleared(),
  });
}
