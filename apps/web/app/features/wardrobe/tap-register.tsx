import { normalizeSlug } from "@releve/core/tap/slug";
import {
  latestPurchaseDate,
  NAME_MAX,
  REGISTRATION_SIZES,
  REGISTRATION_STYLES,
  registrationErrors,
  SKU_MAX,
  tapRegistrationSchema,
} from "@releve/core/wardrobe/registration";
import { garmentBySlug } from "@releve/db/wardrobe/queries";
import { m } from "@releve/i18n/messages";
import { Button, buttonClass, FormAlert, TextField } from "@releve/ui";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { BackLink } from "../../components/back-link";
import { ChoiceField } from "../../components/choice-field";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { SubmitButton } from "../../components/submit-button";
import { getUser } from "../../context";
import { readForm } from "../../lib/form.server";
import { hasWebNfc, readTagWithTimeout } from "../../lib/web-nfc";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/tap-register";
import { type ClaimFailure, claimAndRespond } from "./claim.server";
import { slugFromCode } from "./garment-code.server";
import { sayRegistrationErrors } from "./said";
import { type GarmentWords, garmentWords, nfcProblem, styleWord } from "./words";

export const meta = () => [{ title: m.wardrobe_tap_meta_title() }, { name: "robots", content: "noindex" }];

const CODE_MAX_LENGTH = 300;
const DETAIL_FIELDS = ["name", "style", "size", "sku", "purchase_date"] as const;

/** The 'garment' step's refusal: one message on top, one per field, and what was typed. */
type DetailsFailure = {
  details: { message: string; fields: Partial<Record<string, string>> };
  values: Record<string, string>;
};

type Found =
  | { state: "none" }
  | { state: "unknown"; code: string }
  | {
      state: "claimable" | "mine" | "other";
      slug: string;
      garmentId: number;
      labels: GarmentWords;
      /** A pool garment (issue #19): registered with the owner's details (the 'garment' step). */
      pool: boolean;
    };

export async function loader({ request, context }: Route.LoaderArgs) {
  // Echoed into the page and its sign-in link: bounded (no code we read is longer).
  const code = new URL(request.url).searchParams.get("code")?.slice(0, CODE_MAX_LENGTH) ?? null;
  const user = getUser(context);
  const here = `/tap-register${code ? `?code=${encodeURIComponent(code)}` : ""}`;
  const base = {
    // 'Contact Support' writes to the brand's configured address (issue #35).
    brandEmail: requestContext(request, context).env.BRAND_CONTACT_EMAIL,
    signedIn: Boolean(user),
    authHref: `/auth?redirect=${encodeURIComponent(here)}`,
    latestDate: latestPurchaseDate(),
  };
  if (!code) return { ...base, found: { state: "none" } as Found };
  const { db } = requestContext(request, context);
  const slug = await slugFromCode(db, code);
  const g = slug ? await garmentBySlug(db, slug) : null;
  if (!slug || g?.is_active !== true) return { ...base, found: { state: "unknown", code } as Found };
  const state = g.status === "unclaimed" ? "claimable" : g.owner_user_id === user?.userId ? "mine" : "other";
  const found: Found = { state, slug, garmentId: g.id, labels: garmentWords(g), pool: g.pool };
  return { ...base, found };
}

const failed = (status: number, title: string, message: string, retryable = false) =>
  data<ClaimFailure>({ error: { title, message, retryable, status: "error" } }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const slug = normalizeSlug(form.get("slug"));
  // Spec part 2 §8, Programmer: signed out is an 'Authentication Error'; no readable code is
  // 'Missing user or NFC data'; the database out of reach, 'Connection Failed'. Nothing changes.
  if (!getUser(context)) return failed(401, m.wardrobe_auth_error(), m.wardrobe_claim_auth_required());
  if (!slug) return failed(400, m.wardrobe_registration_failed(), m.wardrobe_missing_data());
  try {
    return await registerOrClaim(request, context, form, slug);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[tap-register]", error);
    return connectionFailed();
  }
}

/** TAG_MESSAGES.connectionFailed ('Connection Failed: Please try again or contact support.'), its two parts. */
function connectionFailed() {
  return failed(503, m.wardrobe_connection_failed_title(), m.wardrobe_connection_failed_text(), true);
}

/** A claim that failed on our side ('error': the database out of reach) says 'Connection Failed' here. */
function inRegistrationWords<T>(answer: T) {
  const failure = (answer as { data?: Partial<ClaimFailure> }).data?.error;
  return failure?.status === "error" ? connectionFailed() : answer;
}

async function registerOrClaim(
  request: Request,
  context: Route.ActionArgs["context"],
  form: Awaited<ReturnType<typeof readForm>>,
  slug: string,
) {
  const garment = await garmentBySlug(requestContext(request, context).db, slug);
  // A stock garment is claimed as the brand described it; a pool garment needs its details.
  if (!garment?.pool) return inRegistrationWords(await claimAndRespond(request, context, slug));
  const parsed = tapRegistrationSchema().safeParse(Object.fromEntries(DETAIL_FIELDS.map((f) => [f, form.get(f)])));
  if (!parsed.success) {
    return data<DetailsFailure>(
      {
        details: sayRegistrationErrors(registrationErrors(parsed.error)),
        values: form.echo(DETAIL_FIELDS, NAME_MAX),
      },
      { status: 400 },
    );
  }
  return inRegistrationWords(await claimAndRespond(request, context, slug, parsed.data));
}

const SIZE_OPTIONS = REGISTRATION_SIZES.map((s) => [s, s] as const);

/** Tap registration's 'garment' step (spec part 2 §2, §5): the owner names a pool piece. */
function GarmentStep({
  slug,
  type,
  latestDate,
  failure,
  claimError,
}: {
  slug: string;
  type: string;
  latestDate: string;
  failure: DetailsFailure | undefined;
  claimError: ClaimFailure["error"] | undefined;
}) {
  const errors = failure?.details.fields ?? {};
  const values = failure?.values ?? {};
  const styles = REGISTRATION_STYLES.map((s) => [s, styleWord(s)] as const);
  return (
    <Form method="post" className="mt-6 flex flex-col gap-4" aria-label={m.wardrobe_garment_details()}>
      <p className="text-stone">{m.wardrobe_new_to_releve({ type: type.toLowerCase() })}</p>
      <input type="hidden" name="slug" value={slug} />
      {failure && <FormAlert title={m.wardrobe_registration_failed()}>{failure.details.message}</FormAlert>}
      {claimError && <FormAlert title={claimError.title}>{claimError.message}</FormAlert>}
      <TextField
        label={m.wardrobe_field_name()}
        name="name"
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        defaultValue={values.name}
        error={errors.name}
        hint={m.wardrobe_name_hint()}
      />
      <ChoiceField
        label={m.wardrobe_field_style()}
        name="style"
        required
        placeholder={m.wardrobe_choose_style()}
        options={styles}
        defaultValue={values.style ?? ""}
        error={errors.style}
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
        label={m.wardrobe_field_sku()}
        name="sku"
        maxLength={SKU_MAX}
        autoComplete="off"
        autoCapitalize="characters"
        defaultValue={values.sku}
        error={errors.sku}
        hint={m.wardrobe_sku_hint()}
      />
      <TextField
        label={m.wardrobe_field_purchase_date()}
        name="purchase_date"
        type="date"
        max={latestDate}
        defaultValue={values.purchase_date}
        error={errors.purchase_date}
        hint={m.wardrobe_optional()}
      />
      <SubmitButton busyLabel={m.wardrobe_registering()}>{m.wardrobe_register_garment()}</SubmitButton>
    </Form>
  );
}

export default function TapRegisterRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { found, signedIn } = loaderData;
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  const failure = actionData && "details" in actionData ? (actionData as DetailsFailure) : undefined;
  const [nfc, setNfc] = useState<"unknown" | "available" | "unavailable">("unknown");
  const [scanning, setScanning] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const claimError = actionData && "error" in actionData ? (actionData as ClaimFailure).error : undefined;

  useEffect(() => {
    setNfc(hasWebNfc() ? "available" : "unavailable");
    return () => abort.current?.abort();
  }, []);

  const scan = async () => {
    setReadError(null);
    setScanning(true);
    abort.current = new AbortController();
    try {
      const text = await readTagWithTimeout(abort.current);
      navigate(`/tap-register?code=${encodeURIComponent(text)}`);
    } catch (error) {
      setReadError(nfcProblem(error));
    } finally {
      setScanning(false);
    }
  };

  return (
    <section className="mx-auto w-full max-w-md px-5 py-10 sm:py-16">
      {/* Back where the visitor came from: a signed-out visitor has no dashboard (issue #35). */}
      {signedIn ? (
        <BackLink to="/dashboard">{m.nav_dashboard()}</BackLink>
      ) : (
        <BackLink to="/">{m.wardrobe_home()}</BackLink>
      )}
      <h1 className="mt-6 font-display text-4xl">{m.wardrobe_tap_title()}</h1>

      {found.state === "none" || found.state === "unknown" ? (
        <div className="mt-6 flex flex-col gap-6">
          {found.state === "unknown" && (
            <FormAlert title={m.wardrobe_profile_not_found()}>{m.wardrobe_not_registered_yet()}</FormAlert>
          )}
          {nfc === "available" ? (
            <div className="border border-ink/10 bg-white p-6 text-center">
              <p className="text-stone">{m.wardrobe_hold_phone()}</p>
              <Button onClick={scan} disabled={scanning} aria-busy={scanning} className="mt-6 w-full">
                {scanning ? m.wardrobe_scanning() : m.wardrobe_start_scanning()}
              </Button>
              {readError && (
                <div className="mt-4 text-left">
                  <FormAlert title={m.wardrobe_nfc_read_error()}>{readError}</FormAlert>
                </div>
              )}
            </div>
          ) : (
            nfc === "unavailable" && (
              // Not a dead end (issue #49, every iPhone): the label's printed code below, or its QR
              // code through the phone's own camera, which opens the piece's link as a tap does.
              <div role="status" className="flex flex-col gap-2 border-l-2 border-gold pl-4 text-sm text-stone">
                <p>{m.wardrobe_nfc_unavailable_enter_code()}</p>
                <p>{m.wardrobe_nfc_unavailable_scan_qr()}</p>
              </div>
            )
          )}
          <Form method="get" className="flex flex-col gap-4 border border-ink/10 bg-white p-6">
            <TextField
              label={m.wardrobe_garment_code()}
              name="code"
              autoComplete="off"
              autoCapitalize="none"
              required
              hint={m.wardrobe_code_hint()}
            />
            <Button type="submit" variant="secondary">
              {m.wardrobe_find_garment()}
            </Button>
          </Form>
        </div>
      ) : (
        <article aria-label={found.labels.name} className="mt-6 border border-ink/10 bg-white p-6">
          {found.state === "claimable" && found.pool ? (
            <>
              <h2 className="font-display text-2xl">{m.wardrobe_new_brand_piece({ brand: found.labels.brand })}</h2>
              <p className="mt-1 text-sm text-stone">
                {m.wardrobe_type_and_tag({ type: found.labels.type, slug: found.slug })}
              </p>
            </>
          ) : (
            <>
              <h2 className="font-display text-2xl">{found.labels.name}</h2>
              <p className="mt-1 text-sm text-stone">
                {found.labels.brand} · {found.labels.type} · {found.labels.color} · {found.labels.size}
              </p>
            </>
          )}
          {found.state === "other" || claimError?.status === "claimed_by_other" ? (
            <div className="mt-6 flex flex-col gap-4">
              <FormAlert title={m.wardrobe_ownership_conflict()}>{m.wardrobe_conflict()}</FormAlert>
              <div className="flex flex-wrap gap-3">
                <Link to="/tap-register" className={buttonClass("secondary")}>
                  {m.wardrobe_try_again()}
                </Link>
                <a href={`mailto:${loaderData.brandEmail}`} className={buttonClass("ghost")}>
                  {m.wardrobe_contact_support_button()}
                </a>
              </div>
            </div>
          ) : found.state === "mine" ? (
            <div className="mt-6 flex flex-col gap-4">
              <p>{m.wardrobe_already_yours()}</p>
              <Link to={`/dashboard/garment/${found.garmentId}`} className={buttonClass("primary")}>
                {m.wardrobe_view_details()}
              </Link>
            </div>
          ) : !signedIn ? (
            <div className="mt-6 flex flex-col gap-3">
              <p className="text-stone">{m.wardrobe_sign_in_to_add()}</p>
              <Link to={loaderData.authHref} className={buttonClass("primary")}>
                {m.wardrobe_sign_in_to_register()}
              </Link>
            </div>
          ) : found.pool ? (
            <GarmentStep
              slug={found.slug}
              type={found.labels.type}
              latestDate={loaderData.latestDate}
              failure={failure}
              claimError={claimError}
            />
          ) : (
            <Form method="post" className="mt-6 flex flex-col gap-4">
              <input type="hidden" name="slug" value={found.slug} />
              {claimError && <FormAlert title={claimError.title}>{claimError.message}</FormAlert>}
              <SubmitButton busy={busy} busyLabel={m.wardrobe_registering()}>
                {m.wardrobe_add_to_my_wardrobe()}
              </SubmitButton>
            </Form>
          )}
        </article>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
