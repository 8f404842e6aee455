import { GARMENT_SIZES, GARMENT_TYPES, tagUrl } from "@releve/core/tags/rules";
import {
  CHIP_CODE_MAX,
  GarmentRegistrationSchema,
  NAME_MAX,
  registrationErrors,
} from "@releve/core/wardrobe/registration";
import { garmentBySlug, listActiveOwnedGarments } from "@releve/db/wardrobe/queries";
import { slot, splitSlots } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { Button, buttonClass, FormAlert, TextField } from "@releve/ui";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link } from "react-router";
import { BackLink } from "../../components/back-link";
import { ChoiceField } from "../../components/choice-field";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { SubmitButton } from "../../components/submit-button";
import { pendingClaimHeader } from "../../lib/cookies.server";
import { readForm } from "../../lib/form.server";
import { hasWebNfc, writeTapUrl } from "../../lib/web-nfc";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/garment-registration";
import { type ClaimFailure, claimOrRegister } from "./claim.server";
import { slugFromCode } from "./garment-code.server";
import { sayRegistrationErrors } from "./said";
import { garmentWords, nfcProblem, typeWord } from "./words";

export const meta = () => [{ title: m.wardrobe_registration_meta_title() }, { name: "robots", content: "noindex" }];

const FIELDS = ["name", "garment_type", "chip_id", "size"] as const;
/** A short code as printed on a care label: the same in every language. */
const EXAMPLE_CODE = "mb-001";
/** How long the labelled write simulation takes where the browser has no Web NFC (spec part 2 §9). */
const SIMULATED_WRITE_MS = 2_000;
const NFC_WRITE_TIMEOUT_MS = 10_000;

/** A refused form: one message on top, one per field, and what was typed. */
type FormFailure = {
  failure: { message: string; fields: Partial<Record<string, string>> };
  values: Record<string, string>;
};
/** A registered piece, for the NFC write step and the confirmation. */
type Registered = {
  registered: {
    id: number;
    name: string;
    /** The tap link a blank tag gets: origin + /t/<slug>. */
    tapUrl: string;
    /** A stock garment: claimed with the brand's details, the typed ones not used. */
    stock: boolean;
    already: boolean;
  };
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db, env } = requestContext(request, context);
  const garments = await listActiveOwnedGarments(db, user.userId);
  // 'Contact support' writes to the brand's configured address (issue #35).
  return { garments: garments.map((g) => ({ id: g.id, ...garmentWords(g) })), brandEmail: env.BRAND_CONTACT_EMAIL };
}

/**
 * The registration form (spec part 2 §5): name, garment type and chip id required, size
 * optional. A pool garment (issue #19) takes these details; a stock garment is claimed with
 * the brand's. Then the page offers to write the piece's link to a blank tag.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(request, context);
  const form = await readForm(request);
  const values = form.echo(FIELDS, CHIP_CODE_MAX);
  const parsed = GarmentRegistrationSchema.safeParse(Object.fromEntries(FIELDS.map((f) => [f, form.get(f)])));
  if (!parsed.success) {
    return data<FormFailure>(
      { failure: sayRegistrationErrors(registrationErrors(parsed.error)), values },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const { db, env } = requestContext(request, context);
  const slug = await slugFromCode(db, input.chip_id);
  const garment = slug ? await garmentBySlug(db, slug) : undefined;
  if (!slug || garment?.is_active !== true) {
    const message = m.wardrobe_chip_not_found();
    return data<FormFailure>({ failure: { message, fields: { chip_id: message } }, values }, { status: 404 });
  }
  const pool = garment.pool;
  const outcome = await claimOrRegister(
    request,
    context,
    slug,
    // The form's type and size are the owner's description; a stock garment keeps the brand's.
    pool ? { name: input.name, garment_type: input.garment_type ?? undefined, size: input.size } : undefined,
  );
  if (!outcome.ok) return outcome.response;
  const now = await garmentBySlug(db, slug);
  const registered: Registered["registered"] = {
    id: outcome.result.garmentId,
    name: garmentWords(now ?? {}).name,
    tapUrl: tagUrl(new URL(request.url).origin, slug),
    stock: !pool,
    already: outcome.result.code === "already_owned",
  };
  return data<Registered>({ registered }, { headers: { "Set-Cookie": await pendingClaimHeader(env, request, null) } });
}

const SIZE_OPTIONS = GARMENT_SIZES.map((s) => [s, s] as const);

/** The optional NFC write step (spec part 2 §2): a blank tag gets the piece's tap link, or is skipped. */
function NfcStep({
  piece,
  onDone,
}: {
  piece: Registered["registered"];
  onDone: (how: "written" | "simulated" | "skipped") => void;
}) {
  const [nfc, setNfc] = useState<"unknown" | "available" | "unavailable">("unknown");
  const [state, setState] = useState<"idle" | "writing" | "simulating">("idle");
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => {
    setNfc(hasWebNfc() ? "available" : "unavailable");
    return () => abort.current?.abort();
  }, []);

  const write = async () => {
    setError(null);
    setState("writing");
    const controller = new AbortController();
    abort.current = controller;
    const timer = setTimeout(() => controller.abort(), NFC_WRITE_TIMEOUT_MS);
    try {
      await writeTapUrl(piece.tapUrl, controller.signal);
      onDone("written");
    } catch (e) {
      setError(
        controller.signal.aborted ? m.wardrobe_nfc_write_timeout() : nfcProblem(e, () => m.wardrobe_nfc_write_failed()),
      );
      setState("idle");
    } finally {
      clearTimeout(timer);
    }
  };

  const simulate = () => {
    setState("simulating");
    setTimeout(() => onDone("simulated"), SIMULATED_WRITE_MS);
  };

  return (
    <section aria-labelledby="nfc-step-title" className="mt-8 border border-ink/10 bg-white p-6">
      <p className="text-xs uppercase tracking-[0.18em] text-gold">{m.wardrobe_step_two()}</p>
      <h2 id="nfc-step-title" className="mt-2 font-display text-2xl">
        {m.wardrobe_write_blank_tag()}
      </h2>
      <p className="mt-2 text-stone">{m.wardrobe_write_intro({ name: piece.name })}</p>
      <p className="mt-2 break-all font-mono text-sm">{piece.tapUrl}</p>
      {piece.stock && !piece.already && (
        <p className="mt-3 border-l-2 border-gold pl-4 text-sm text-stone">{m.wardrobe_stock_note()}</p>
      )}
      {error && (
        <div className="mt-4">
          <FormAlert title={m.wardrobe_nfc_write_error()}>{error}</FormAlert>
        </div>
      )}
      {nfc === "unavailable" && (
        <p role="status" className="mt-4 border-l-2 border-gold pl-4 text-sm text-stone">
          {m.wardrobe_nfc_unavailable_simulate()}
        </p>
      )}
      {state === "writing" && (
        <p role="status" className="mt-4 text-sm">
          {m.wardrobe_hold_blank_tag()}
        </p>
      )}
      {state === "simulating" && (
        <p role="status" className="mt-4 text-sm">
          {m.wardrobe_simulating_write()}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        {nfc === "available" && (
          <Button onClick={write} disabled={state !== "idle"} aria-busy={state === "writing"}>
            {state === "writing" ? m.wardrobe_writing() : m.wardrobe_write_blank_tag()}
          </Button>
        )}
        {nfc === "unavailable" && (
          <Button onClick={simulate} disabled={state !== "idle"} aria-busy={state === "simulating"}>
            {state === "simulating" ? m.wardrobe_simulating() : m.wardrobe_simulate_write()}
          </Button>
        )}
        <Button variant="secondary" onClick={() => onDone("skipped")} disabled={state === "simulating"}>
          {m.wardrobe_skip()}
        </Button>
      </div>
    </section>
  );
}

export default function GarmentRegistrationRoute({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && "failure" in actionData ? (actionData as FormFailure) : undefined;
  const claimError = actionData && "error" in actionData ? (actionData as ClaimFailure).error : undefined;
  const piece = actionData && "registered" in actionData ? (actionData as Registered).registered : undefined;
  // form -> nfc -> complete; a new registration starts at the NFC step.
  const [done, setDone] = useState<{ id: number; how: "written" | "simulated" | "skipped" } | null>(null);
  const step = !piece ? "form" : done?.id === piece.id ? "complete" : "nfc";
  const errors = failure?.failure.fields ?? {};
  const values = failure?.values ?? {};
  const conflict = claimError?.status === "claimed_by_other";
  // Spec part 1 §5: a blank chip id (after trimming) disables the submit; without JavaScript
  // the button stays enabled and the server refuses a blank one all the same.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [chipId, setChipId] = useState(values.chip_id ?? "");
  useEffect(() => setChipId(values.chip_id ?? ""), [values.chip_id]);

  return (
    <section className="mx-auto w-full max-w-3xl px-5 py-10 sm:py-16">
      <BackLink to="/">{m.wardrobe_back_to_home()}</BackLink>
      <h1 className="mt-6 font-display text-4xl">{m.wardrobe_registration_title()}</h1>

      {step === "form" && (
        <>
          <p className="mt-2 max-w-xl text-stone">
            {splitSlots(m.wardrobe_registration_intro({ code: slot("code"), link: slot("link") })).map((part) =>
              typeof part === "string" ? (
                part
              ) : part.slot === "code" ? (
                <code key="code">{EXAMPLE_CODE}</code>
              ) : (
                <Link key="link" to="/tap-register" className="underline underline-offset-4">
                  {m.wardrobe_registration_intro_link()}
                </Link>
              ),
            )}
          </p>
          <Form
            method="post"
            aria-label={m.wardrobe_registration_title()}
            className="mt-8 grid grid-cols-1 gap-4 border border-ink/10 bg-white p-6 sm:grid-cols-2"
          >
            {failure && (
              <FormAlert title={m.wardrobe_registration_failed()} className="sm:col-span-2">
                {failure.failure.message}
              </FormAlert>
            )}
            {claimError && (
              <div className="flex flex-col gap-3 sm:col-span-2">
                <FormAlert title={conflict ? m.wardrobe_ownership_conflict() : m.wardrobe_registration_failed()}>
                  {conflict ? m.wardrobe_conflict() : claimError.message}
                </FormAlert>
                {conflict && (
                  <p className="text-sm text-stone">
                    <a href={`mailto:${loaderData.brandEmail}`} className="underline underline-offset-4">
                      {m.wardrobe_contact_support()}
                    </a>
                  </p>
                )}
              </div>
            )}
            <TextField
              label={m.wardrobe_field_name()}
              name="name"
              required
              maxLength={NAME_MAX}
              autoComplete="off"
              defaultValue={values.name}
              error={errors.name}
              className="sm:col-span-2"
            />
            <ChoiceField
              label={m.wardrobe_field_garment_type()}
              name="garment_type"
              required
              placeholder={m.wardrobe_choose_type()}
              options={GARMENT_TYPES.map((t) => [t, typeWord(t)] as const)}
              defaultValue={values.garment_type ?? ""}
              error={errors.garment_type}
            />
            <ChoiceField
              label={m.wardrobe_field_size()}
              name="size"
              placeholder={m.wardrobe_not_given()}
              options={SIZE_OPTIONS}
              defaultValue={values.size ?? ""}
              error={errors.size}
            />
            <TextField
              label={m.wardrobe_field_chip_id()}
              name="chip_id"
              required
              maxLength={CHIP_CODE_MAX}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={chipId}
              onChange={(e) => setChipId(e.target.value)}
              error={errors.chip_id}
              hint={m.wardrobe_chip_id_hint()}
              className="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <SubmitButton busyLabel={m.wardrobe_registering()} disabled={hydrated && chipId.trim() === ""}>
                {m.wardrobe_register_garment()}
              </SubmitButton>
            </div>
          </Form>
        </>
      )}

      {step === "nfc" && piece && <NfcStep piece={piece} onDone={(how) => setDone({ id: piece.id, how })} />}

      {step === "complete" && piece && (
        <section role="status" aria-labelledby="complete-title" className="mt-8 border border-gold/40 bg-white p-6">
          <h2 id="complete-title" className="font-display text-2xl">
            {m.wardrobe_registered()}
          </h2>
          <p className="mt-2">{m.wardrobe_added_to_wardrobe({ name: piece.name })}</p>
          {done?.how === "written" && <p className="mt-2 text-sm text-stone">{m.wardrobe_tag_written()}</p>}
          {done?.how === "simulated" && <p className="mt-2 text-sm text-stone">{m.wardrobe_simulation_done()}</p>}
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={`/dashboard/wardrobe?claimed=${piece.id}`} className={buttonClass("primary")}>
              {m.wardrobe_view_my_wardrobe()}
            </Link>
            <Link to="/garment-registration" className={buttonClass("secondary")}>
              {m.wardrobe_register_another()}
            </Link>
          </div>
        </section>
      )}

      <h2 className="mt-12 font-display text-2xl">{m.wardrobe_your_garments()}</h2>
      {loaderData.garments.length === 0 ? (
        <p className="mt-3 text-stone">{m.dashboard_no_garments()}</p>
      ) : (
        <ul className="mt-4 divide-y divide-ink/10 border border-ink/10 bg-white">
          {loaderData.garments.map((g) => (
            <li key={g.id}>
              <Link
                to={`/dashboard/garment/${g.id}`}
                className="flex items-center justify-between gap-4 p-4 hover:bg-sand"
              >
                <span className="font-display text-lg">{g.name}</span>
                <span className="text-sm text-stone">
                  {g.type} · {g.color} · {g.size}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary failure={{ title: m.wardrobe_load_failed_title(), text: m.wardrobe_load_failed_text() }} />
  );
}
