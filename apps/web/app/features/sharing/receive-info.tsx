import { HONEYPOT_FIELD } from "@releve/core/platform/input-limits";
import { GuestContactSchema } from "@releve/core/sharing/contact";
import { m } from "@releve/i18n/messages";
import { type TakeContactOutcome, takeContact } from "@releve/verbs/sharing/take-contact";
import { data, redirect } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { sayFieldErrors } from "../../lib/field-said";
import { readForm } from "../../lib/form.server";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/receive-info";
import { ContactForm, type ContactFormFailure, type ContactFormField } from "./contact-form";
import { CONTACT_SAID, GUEST_FIELDS, RATE_SAID } from "./said";
import { loadContactCard } from "./share.server";

export const meta = () => [{ title: m.visit_receive_title() }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("id")?.trim().toLowerCase() ?? "";
  if (!id) return data({ error: "missingOwnerId" as const, name: null }, { status: 400 });
  const card = await loadContactCard(requestContext(request, context).db, id);
  if (!card) return data({ error: "userNotFound" as const, name: null }, { status: 404 });
  return { error: null, name: card.profile.firstName };
}

type Failure = ContactFormFailure;

/** The guest's fields, labelled in the page's language (a function: messages are read per render). */
const guestFields = (): ContactFormField[] => [
  { label: m.visit_your_name(), name: "guest_name", autoComplete: "name", required: true },
  { label: m.share_field_phone(), name: "phone", type: "tel", autoComplete: "tel" },
  { label: m.channel_instagram(), name: "instagram" },
  { label: m.channel_linkedin(), name: "linkedin" },
];

const GUEST_FIELD_NAMES = ["guest_name", "phone", "instagram", "linkedin"];

export async function action({ request, context }: Route.ActionArgs) {
  const deps = requestContext(request, context);
  const { db } = deps;
  const id = new URL(request.url).searchParams.get("id")?.trim().toLowerCase() ?? "";
  const form = await readForm(request);
  // What the guest typed goes back into the form, bounded; the honeypot never does.
  const values = form.echo(GUEST_FIELD_NAMES);
  // Said in the guest's language (issue #34): each outcome's message.
  const fail = (status: number, body: { formError?: () => string; fieldErrors?: Failure["fieldErrors"] }) =>
    data<Failure>({ values, formError: body.formError?.(), fieldErrors: body.fieldErrors }, { status });
  if (!id) return fail(400, { formError: CONTACT_SAID.missingOwnerId });
  const card = await loadContactCard(db, id);
  if (!card) return fail(404, { formError: CONTACT_SAID.userNotFound });
  // Honeypot: a field people never see; bots fill it. Nothing is stored.
  if (form.filled(HONEYPOT_FIELD)) return fail(400, { formError: CONTACT_SAID.rejected });
  const parsed = GuestContactSchema.safeParse(form.record());
  if (!parsed.success) return fail(400, { fieldErrors: sayFieldErrors(GUEST_FIELDS, parsed.error) });
  let result: TakeContactOutcome;
  try {
    result = await takeContact(deps.effects, {
      target: card.target,
      tag: null,
      source: "contact_card",
      form: parsed.data,
      ip: deps.ip,
    });
  } catch (error) {
    console.error("[receive-info]", error);
    return fail(503, { formError: CONTACT_SAID.submitError });
  }
  // A repeat (double click, resubmit, retry) stored nothing more and answers the same success.
  if (result.code !== "stored" && result.code !== "repeat") {
    return fail(429, { formError: RATE_SAID[result.code] });
  }
  // The form takes no address: no mail; the thank-you page shows the withdrawal link (issue #33).
  const withdraw = result.withdrawToken;
  return redirect(`/thank-you?w=${encodeURIComponent(withdraw)}`, 303);
}

export default function ReceiveInfoRoute({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
  if (loaderData.error) {
    return (
      <section className="mx-auto max-w-md px-5 py-16">
        <p role="alert" className="border border-ink/10 bg-white p-6 text-center">
          {CONTACT_SAID[loaderData.error]()}
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto w-full max-w-md px-5 py-10 sm:py-14">
      <h1 className="font-display text-3xl">{m.visit_share_with({ name: loaderData.name ?? "" })}</h1>
      <ContactForm
        fields={guestFields()}
        values={failure?.values}
        errors={failure?.fieldErrors}
        alert={failure?.formError ? { message: failure.formError } : null}
        submitLabel={m.visit_share_my_info()}
        className="mt-6 flex flex-col gap-4 border border-ink/10 bg-white p-6"
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
