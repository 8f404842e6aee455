import { fieldProblems } from "@releve/core/platform/field-problem";
import { HONEYPOT_FIELD } from "@releve/core/platform/input-limits";
import { ContactFormSchema } from "@releve/core/sharing/contact";
import { SECURE_TAP_MESSAGES } from "@releve/core/tap/secure-tap";
import { normalizeSlug } from "@releve/core/tap/slug";
import type { Db } from "@releve/db";
import { slot, splitSlots } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { type TakeContactOutcome, takeContact } from "@releve/verbs/sharing/take-contact";
import { Fragment } from "react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { getUser } from "../../context";
import type { RouteHandle } from "../../lib/document";
import { sayFieldErrors } from "../../lib/field-said";
import { ECHO_MAX, readForm } from "../../lib/form.server";
import { SECURE_TAP_SAID, sayReportedMissing } from "../../lib/tap-said";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/share";
import { ContactForm, type ContactFormFailure, type ContactFormField } from "./contact-form";
import { withdrawLinkFrom } from "./intake.server";
import { OwnerCard } from "./owner-card";
import { CONTACT_FIELDS, CONTACT_SAID, RATE_SAID, saySaveFailedRetry } from "./said";
import { contactCardState, hasCardWindow, loadShare, type ShareState, shareTarget } from "./share.server";
import { WithdrawNote } from "./withdraw-note";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData?.kind === "token"
        ? `${loaderData.profile.name} · Relevé`
        : loaderData?.share.state === "open"
          ? `${loaderData.share.profile.name} · Relevé`
          : "Relevé",
  },
  { name: "robots", content: "noindex" },
  // A tap answers this page in place at /t/<slug> (decision 0029): this is its one address.
  ...(loaderData?.kind === "garment" ? [{ tagName: "link", rel: "canonical", href: loaderData.canonical }] : []),
];

/** Sent as plain HTML: no client script, CSS inline, the form posts natively (decision 0020). */
export const handle: RouteHandle = { hydrate: false, alternates: true, noStaffLink: true };

export const headers = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

const TOKEN = /^([0-9a-f]{32})-(\d{1,15})$/;
// Written as a share token (a client id first, or a timestamp last), not as a garment slug.
const TOKEN_LIKE = /^[0-9a-f]{32}|-\d{10,}$/i;

/**
 * What a visitor reads when a share link opens no card (spec part 2 §8, Share; all answer 404),
 * by the card's state, which the loader throws: CONTACT_MESSAGES' garmentUnavailable,
 * invalidToken, tokenProfileMissing and sharingDisabled, in the page's language (issue #34).
 */
export const UNAVAILABLE_SAID = {
  not_token: () => m.share_garment_unavailable(),
  invalid: () => m.share_invalid_token(),
  missing: () => m.share_token_profile_missing(),
  sharing_off: () => m.share_sharing_disabled(),
} as const;
const isUnavailable = (state: unknown): state is keyof typeof UNAVAILABLE_SAID =>
  typeof state === "string" && Object.hasOwn(UNAVAILABLE_SAID, state);

/** A share token is `<client id>-<timestamp>` (spec part 2 §3); the client id finds the profile. */
async function resolveToken(db: Db, param: string | undefined) {
  const clientId = TOKEN.exec(param ?? "")?.[1];
  if (!clientId) return { state: TOKEN_LIKE.test(param ?? "") ? ("invalid" as const) : ("not_token" as const) };
  return contactCardState(db, clientId);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env } = requestContext(request, context);
  const url = new URL(request.url);
  const slug = normalizeSlug(params.slug);
  const share = await shareOf(db, request, env.SESSION_SECRET, slug);
  // A secure garment outside its verified tap's window (issue #28): what an unsigned tap gets, in
  // the words every door answers with (the boundary says it in the page's language).
  if (share.state === "not_authenticated") throw data(SECURE_TAP_MESSAGES.refused, { status: 403 });
  if (share.state === "unavailable") {
    // Not a garment: perhaps a share token (decision 0015).
    const card = await resolveToken(db, params.slug);
    if (card.state !== "open") throw data(card.state, { status: 404 });
    const tag = url.searchParams.get("tag");
    return {
      kind: "token" as const,
      token: params.slug as string,
      profile: card.profile,
      tag: tag && tag.length <= 64 ? tag : null,
      // One of the three steps, never an echo of whatever was sent.
      step: STEPS.find((step) => step === url.searchParams.get("step")) ?? "profile",
      done: url.searchParams.get("done") === "1",
      withdraw: await withdrawLinkFrom(env, url),
    };
  }
  const connected = url.searchParams.get("connected") === "1";
  const isOwner = share.state === "open" && getUser(context)?.userId === share.ownerUserId;
  // Only what the visitor may see leaves the server: the owner's user id stays here, and a
  // garment reported lost or stolen shows nothing but that (issue #18).
  const visible =
    share.state === "open"
      ? {
          state: share.state,
          garmentTitle: share.garmentTitle,
          profile: share.profile,
          photo: share.photo,
          passport: share.passport,
        }
      : share.state === "missing"
        ? // The brand's address is configuration (issue #35), never an owner's.
          { state: share.state, passport: share.passport ?? false, brandEmail: env.BRAND_CONTACT_EMAIL }
        : { state: share.state, garmentTitle: share.garmentTitle, passport: share.passport };
  // A secure garment's card opens only after its verified tap (issues #21, #28): say so.
  const verified = share.state === "open" && share.secure;
  return {
    kind: "garment" as const,
    slug: slug as string,
    canonical: `${url.origin}/share/${slug}`,
    share: visible,
    connected,
    isOwner,
    verified,
    withdraw: connected ? await withdrawLinkFrom(env, url) : null,
  };
}

/** The garment door's state for this request: its card window read only when there is a slug. */
async function shareOf(db: Db, request: Request, secret: string, slug: string | null): Promise<ShareState> {
  if (!slug) return { state: "unavailable" };
  return loadShare(db, slug, { cardWindow: await hasCardWindow(request, secret, slug) });
}

const STEPS = ["profile", "contact", "success"] as const;

type Failure = ContactFormFailure;

export async function action({ request, context, params }: Route.ActionArgs) {
  const slug = normalizeSlug(params.slug);
  const deps = requestContext(request, context);
  const { db, env } = deps;
  // The consent boxes come as a hidden "false" then, when ticked, "true": the last one counts.
  const form = await readForm(request, { repeatable: CONSENT_FIELDS });
  // What the visitor typed goes back into the form, bounded; the honeypot never does.
  const values = form.echo([...VISITOR_FIELD_NAMES, ...CONSENT_FIELDS], ECHO_MAX, { notes: NOTES_MAX_LENGTH });
  // Said in the visitor's language (issue #34): each outcome's message.
  // The field errors keep the form-wide refusal under `form`, as the schema names it.
  type Refusal = { formError?: () => string; fieldErrors?: Failure["fieldErrors"]; formWide?: boolean };
  const fail = (status: number, { formError, fieldErrors: errors, formWide }: Refusal) =>
    data<Failure>(
      {
        values,
        formError: formError?.(),
        fieldErrors: errors && {
          ...errors,
          ...(formWide ? { form: CONTACT_SAID.missing() } : {}),
        },
      },
      { status },
    );

  let share: Awaited<ReturnType<typeof shareOf>>;
  let token: Awaited<ReturnType<typeof resolveToken>> | null;
  try {
    share = await shareOf(db, request, env.SESSION_SECRET, slug);
    token = share.state === "unavailable" ? await resolveToken(db, params.slug) : null;
  } catch (error) {
    // Spec part 2 §8: the card the form posts to could not be reached or checked; nothing is stored.
    console.error("[share-connect]", error);
    return fail(503, { formError: CONTACT_SAID.connectFailed });
  }
  // Lost or stolen (issue #18): nothing reaches the owner through this garment; nothing is stored.
  if (share.state === "missing") return fail(409, { formError: sayReportedMissing });
  // A secure garment outside its card window (issue #28): nothing is stored.
  if (share.state === "not_authenticated") return fail(403, { formError: SECURE_TAP_SAID.refused });
  const card = token?.state === "open" ? token : null;
  if (share.state !== "open" && !card) return fail(404, { formError: CONTACT_SAID.ownerUnavailable });
  // Honeypot: a field people never see; bots fill it. Nothing is stored.
  if (form.filled(HONEYPOT_FIELD)) return fail(400, { formError: CONTACT_SAID.rejected });

  const parsed = ContactFormSchema.safeParse(form.record());
  const tag = new URL(request.url).searchParams.get("tag");
  if (!parsed.success) {
    const { form: missing, ...errors } = sayFieldErrors(CONTACT_FIELDS, parsed.error);
    // The schema's one form-wide refusal is CONTACT_MESSAGES.missing, said when both the name and
    // a way to reach are missing (spec part 2 §5: the tag share form in its own words); one of
    // them alone is named on its own (issue #49).
    const problems = fieldProblems(parsed.error);
    const noName = problems.first_name?.rule === "required";
    const noWay = problems.email?.rule === "required";
    const formError =
      missing === undefined
        ? undefined
        : noName && !noWay
          ? CONTACT_SAID.missingName
          : noWay && !noName
            ? CONTACT_SAID.missingWay
            : card && tag
              ? CONTACT_SAID.missingTag
              : CONTACT_SAID.missing;
    return fail(400, { formError, fieldErrors: errors, formWide: missing !== undefined });
  }
  // Filed under the tapped garment, or (a share token) under the card with the tag it names.
  const to =
    share.state === "open"
      ? { target: shareTarget(share), tag: slug as string, source: "nfc_share" as const }
      : { target: card?.target, tag: tag && tag.length <= 64 ? tag : null, source: "share_token" as const };
  if (!to.target) return fail(404, { formError: CONTACT_SAID.ownerUnavailable });
  let result: TakeContactOutcome;
  try {
    result = await takeContact(deps.effects, {
      ...to,
      target: to.target,
      form: parsed.data,
      ip: deps.ip,
    });
  } catch (error) {
    console.error("[share-contact]", error);
    return fail(503, { formError: saySaveFailedRetry });
  }
  // A repeat (double click, resubmit, retry) stored nothing more and answers the same success.
  if (result.code !== "stored" && result.code !== "repeat") {
    return fail(429, { formError: RATE_SAID[result.code] });
  }
  // The success screen shows the visitor's private withdrawal link (issue #33).
  const w = `w=${encodeURIComponent(result.withdrawToken)}`;
  const location =
    share.state === "open"
      ? `/share/${slug}?connected=1&${w}`
      : `/share/${params.slug}?${tag ? `tag=${encodeURIComponent(tag)}&step=success` : "done=1"}&${w}`;
  return new Response(null, { status: 303, headers: { Location: location } });
}

export default function ShareRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "token") return <TokenShare data={loaderData} failure={actionData as Failure | undefined} />;
  return <GarmentShare data={loaderData} failure={actionData as Failure | undefined} />;
}

type LoaderData = Route.ComponentProps["loaderData"];

function GarmentShare({
  data: loaderData,
  failure,
}: {
  data: Extract<LoaderData, { kind: "garment" }>;
  failure?: Failure;
}) {
  const { share, connected, isOwner, verified } = loaderData;
  if (share.state === "missing") {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center px-5 py-20 text-center">
        <h1 className="font-display text-3xl">{m.tap_missing_title()}</h1>
        <p className="mt-3 text-stone">
          {splitSlots(m.tap_missing_found({ email: slot("email") })).map((part) =>
            typeof part === "string" ? (
              part
            ) : (
              <a key={part.slot} href={`mailto:${share.brandEmail}`} className="underline underline-offset-4">
                {share.brandEmail}
              </a>
            ),
          )}
        </p>
        {share.passport && <PassportLink slug={loaderData.slug} />}
      </section>
    );
  }
  if (share.state !== "open") {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center px-5 py-20 text-center">
        <h1 className="font-display text-3xl">{m.share_owner_unavailable()}</h1>
        <p className="mt-3 text-stone">{m.share_private_wearer({ garment: share.garmentTitle })}</p>
        {share.passport && <PassportLink slug={loaderData.slug} />}
      </section>
    );
  }

  const firstName = share.profile.firstName;
  return (
    <section className="mx-auto w-full max-w-md px-5 py-8 sm:py-14">
      {isOwner && (
        <p role="status" className="mb-6 border-l-2 border-gold pl-4 text-sm text-stone">
          {m.share_your_card()}
        </p>
      )}
      <OwnerCard profile={share.profile} garmentTitle={share.garmentTitle} verified={verified} photo={share.photo} />
      {share.passport && <PassportLink slug={loaderData.slug} />}
      <details className="mt-4 border border-ink/10 bg-white">
        <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 px-4 text-sm">
          <span>
            {verified ? m.share_save_summary({ name: firstName }) : m.share_save_or_share_summary({ name: firstName })}
          </span>
          <span aria-hidden>+</span>
        </summary>
        <div className="flex flex-col items-center gap-4 px-4 pb-5">
          <a href={`/share/${loaderData.slug}/contact.vcf`} download className={buttonClass("primary", "w-full")}>
            {m.share_save_contact()}
          </a>
          {verified ? (
            // A secure garment's card opens only from its own tap (issue #28): no code to pass on.
            <p className="text-center text-xs text-stone">{m.share_secure_only()}</p>
          ) : (
            <>
              <img
                src={`/share/${loaderData.slug}/qr.svg`}
                alt={m.share_qr_alt({ name: share.profile.name })}
                width={180}
                height={180}
                className="size-44"
                loading="lazy"
              />
              <p className="text-center text-xs text-stone">{m.share_qr_hint()}</p>
            </>
          )}
        </div>
      </details>
      {connected ? (
        <div
          role="status"
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: after sending, the success is what the visitor sees first (issue #49).
          autoFocus
          className="mt-8 scroll-mt-24 border border-ink bg-white p-6 text-center focus:outline-none"
        >
          <h2 className="font-display text-2xl">{m.share_connected()}</h2>
          <p className="mt-2 text-stone">{m.share_now_has_details({ name: firstName })}</p>
          <p className="mt-4 inline-block border border-gold/40 px-3 py-1 text-xs uppercase tracking-[0.18em] text-gold">
            {share.garmentTitle}
          </p>
          <WithdrawNote href={loaderData.withdraw} />
        </div>
      ) : (
        // Posts here by name, not to the document's own URL: a tap shows this page at /t/<slug>.
        <VisitorForm firstName={firstName} failure={failure} action={`/share/${loaderData.slug}`} />
      )}
    </section>
  );
}

/** The notes box's own cap, and how much of it a refused form shows again. */
const NOTES_MAX_LENGTH = 4096;
/** The boxes the card's form asks; keeping the details sent needs none (it is what sending means). */
const CONSENT_FIELDS = ["consent_marketing", "consent_event_updates"];

/** The visitor's fields, labelled in the page's language (a function: messages are read per render). */
const visitorFields = (): ContactFormField[] => [
  { label: m.share_field_first_name(), name: "first_name", autoComplete: "given-name", required: true },
  { label: m.share_field_last_name(), name: "last_name", autoComplete: "family-name" },
  { label: m.share_field_email(), name: "email", type: "email", autoComplete: "email" },
  { label: m.share_field_phone(), name: "phone", type: "tel", autoComplete: "tel" },
  { label: m.share_field_instagram(), name: "instagram" },
  { label: m.share_field_linkedin(), name: "linkedin", type: "url" },
  { label: m.share_field_notes(), name: "notes", multiline: true, maxLength: NOTES_MAX_LENGTH },
];

// The names only (the labels are read per render, in the reader's language).
const VISITOR_FIELD_NAMES = visitorFields().map((field) => field.name);

function VisitorForm({ firstName, failure, action }: { firstName: string; failure?: Failure; action?: string }) {
  return (
    <ContactForm
      fields={visitorFields()}
      values={failure?.values}
      errors={failure?.fieldErrors}
      alert={failure?.formError ? { message: failure.formError } : null}
      heading={<h2 className="font-display text-2xl">{m.share_form_heading()}</h2>}
      submitLabel={m.share_connect_with({ name: firstName })}
      submitClassName="w-full"
      action={action}
      className="mt-8 flex flex-col gap-4 border border-ink/10 bg-white p-6"
    >
      {/* Issue #49: keeping what is sent is the form's own purpose, said; what goes further is asked. */}
      <p className="text-sm text-stone">{m.share_consent_keep_said({ name: firstName })}</p>
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="mb-1 text-xs uppercase tracking-[0.16em] text-stone">{m.share_consent_legend()}</legend>
        {[
          { name: "consent_event_updates", text: m.share_consent_events() },
          { name: "consent_marketing", text: m.share_consent_news() },
        ].map((consent) => (
          // Unticked boxes are absent from form data: the hidden "false" comes first, a tick overrides it.
          <Fragment key={consent.name}>
            <input type="hidden" name={consent.name} value="false" />
            <label className="flex min-h-11 items-start gap-3">
              <input
                type="checkbox"
                name={consent.name}
                value="true"
                // Never ticked in advance; after a refusal, as the visitor left it.
                defaultChecked={failure?.values?.[consent.name] === "true"}
                className="mt-1 size-4 accent-ink"
              />
              <span>{consent.text}</span>
            </label>
          </Fragment>
        ))}
      </fieldset>
      <p className="text-xs text-stone">{m.share_email_or_phone()}</p>
    </ContactForm>
  );
}

function TokenShare({ data: d, failure }: { data: Extract<LoaderData, { kind: "token" }>; failure?: Failure }) {
  const base = `/share/${d.token}`;
  const withTag = (step: string) => `${base}?tag=${encodeURIComponent(d.tag ?? "")}&step=${step}`;
  const step = d.tag ? (failure ? "contact" : d.step) : null;
  return (
    <section className="mx-auto w-full max-w-md px-5 py-8 sm:py-14">
      <p className="text-center text-xs uppercase tracking-[0.3em] text-gold">{m.share_tagline()}</p>
      {step === "success" || d.done ? (
        <div role="status" className="mt-6 border border-ink bg-white p-6 text-center">
          {/* Spec: home after 3 s. The withdrawal link shows meanwhile; the visitor's mail keeps it. */}
          {step === "success" && <meta httpEquiv="refresh" content="3;url=/" />}
          <h1 className="font-display text-2xl">{m.share_connected_successfully()}</h1>
          <p className="mt-2 text-stone">{m.share_now_has_details({ name: d.profile.firstName })}</p>
          <WithdrawNote href={d.withdraw} />
        </div>
      ) : (
        <>
          {step && (
            <ol
              aria-label={m.share_steps()}
              className="mt-4 flex justify-center gap-3 text-xs uppercase tracking-[0.16em] text-stone"
            >
              <li
                aria-current={step === "profile" ? "step" : undefined}
                className={step === "profile" ? "text-ink" : ""}
              >
                {m.share_step_profile()}
              </li>
              <li
                aria-current={step === "contact" ? "step" : undefined}
                className={step === "contact" ? "text-ink" : ""}
              >
                {m.share_step_details()}
              </li>
              <li>{m.share_step_done()}</li>
            </ol>
          )}
          <div className="mt-6">
            <OwnerCard profile={d.profile} />
          </div>
          {step === "profile" ? (
            <Link to={withTag("contact")} className={buttonClass("primary", "mt-6 w-full")}>
              {m.share_my_details()}
            </Link>
          ) : (
            <VisitorForm
              firstName={d.profile.firstName}
              failure={failure}
              action={d.tag ? withTag("contact") : undefined}
            />
          )}
        </>
      )}
    </section>
  );
}

/** 'About this piece': the garment's passport (issue #31), its product and provenance, no one's data. */
function PassportLink({ slug }: { slug: string }) {
  return (
    <p className="mt-4 text-center text-sm">
      <a href={`/passport/${slug}`} className="underline underline-offset-4">
        {m.tap_about_piece()}
      </a>
    </p>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 403)) {
    // 403: a secure garment's door outside its verified tap's window says what the tap says (issue #28).
    const message =
      error.status === 403
        ? m.tap_secure_refused()
        : (isUnavailable(error.data) ? UNAVAILABLE_SAID[error.data] : m.share_garment_unavailable)();
    return (
      <section role="alert" className="mx-auto flex max-w-md flex-col items-center px-5 py-20 text-center">
        <h1 className="font-display text-3xl">{message}</h1>
        {error.status === 403 && <p className="mt-3 text-stone">{m.secure_hold_phone()}</p>}
        <Link to="/" className={buttonClass("primary", "mt-8")}>
          {m.tap_return_home()}
        </Link>
      </section>
    );
  }
  return <GeneralErrorBoundary failure={{ title: m.share_load_failed(), text: m.site_try_again_moment() }} />;
}
