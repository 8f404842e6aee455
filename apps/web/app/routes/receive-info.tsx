import { fieldErrors } from "@releve/core";
import { CONTACT_MESSAGES, GuestContactSchema } from "@releve/core/contact";
import { Button, FormAlert, TextField } from "@releve/ui";
import { data, Form, redirect, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { authDeps } from "../lib/auth-page.server";
import { checkContactRate, createContact, loadContactCard } from "../lib/share.server";
import type { Route } from "./+types/receive-info";

export const meta = () => [{ title: "Share your info · Relevé" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("id")?.trim().toLowerCase() ?? "";
  if (!id) return data({ error: CONTACT_MESSAGES.missingOwnerId, name: null }, { status: 400 });
  const card = await loadContactCard(authDeps(request, context).env.DB, id);
  if (!card) return data({ error: CONTACT_MESSAGES.userNotFound, name: null }, { status: 404 });
  return { error: null, name: card.profile.firstName };
}

type Failure = { formError?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = authDeps(request, context);
  const id = new URL(request.url).searchParams.get("id")?.trim().toLowerCase() ?? "";
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const fail = (status: number, body: Failure) => data<Failure>({ values: form, ...body }, { status });
  if (!id) return fail(400, { formError: CONTACT_MESSAGES.missingOwnerId });
  const card = await loadContactCard(env.DB, id);
  if (!card) return fail(404, { formError: CONTACT_MESSAGES.userNotFound });
  const parsed = GuestContactSchema.safeParse(form);
  if (!parsed.success) return fail(400, { fieldErrors: fieldErrors(parsed.error) });
  const ip = request.headers.get("CF-Connecting-IP");
  const verdict = await checkContactRate(env.DB, ip, card.target.ownerUserId);
  if (verdict !== "ok") {
    return fail(429, { formError: verdict === "ip" ? CONTACT_MESSAGES.rateLimited : CONTACT_MESSAGES.ownerBusy });
  }
  try {
    await createContact(env.DB, { target: card.target, tag: null, source: "contact_card", form: parsed.data, ip });
  } catch (error) {
    console.error("[receive-info]", error);
    return fail(503, { formError: CONTACT_MESSAGES.submitError });
  }
  return redirect("/thank-you", 303);
}

export default function ReceiveInfoRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const failure = actionData as Failure | undefined;
  const errors = failure?.fieldErrors ?? {};
  const v = (name: string) => failure?.values?.[name] ?? "";
  if (loaderData.error) {
    return (
      <section className="mx-auto max-w-md px-5 py-16">
        <p role="alert" className="border border-ink/10 bg-white p-6 text-center">
          {loaderData.error}
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto w-full max-w-md px-5 py-10 sm:py-14">
      <h1 className="font-display text-3xl">Share your info with {loaderData.name}</h1>
      <Form method="post" className="mt-6 flex flex-col gap-4 border border-ink/10 bg-white p-6" noValidate>
        {failure?.formError && <FormAlert>{failure.formError}</FormAlert>}
        <TextField
          label="Your name *"
          name="guest_name"
          autoComplete="name"
          required
          defaultValue={v("guest_name")}
          error={errors.guest_name}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={v("phone")}
          error={errors.phone}
        />
        <TextField label="Instagram" name="instagram" defaultValue={v("instagram")} error={errors.instagram} />
        <TextField label="LinkedIn" name="linkedin" defaultValue={v("linkedin")} error={errors.linkedin} />
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? "Sending..." : "Share My Info"}
        </Button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
