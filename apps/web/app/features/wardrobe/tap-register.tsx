import { TAG_MESSAGES } from "@releve/core/tags/rules";
import { normalizeSlug } from "@releve/core/tap/slug";
import { CLAIM_MESSAGES, garmentLabels } from "@releve/core/wardrobe/garment";
import {
  latestPurchaseDate,
  NAME_MAX,
  REGISTRATION_MESSAGES,
  REGISTRATION_SIZES,
  REGISTRATION_STYLES,
  registrationErrors,
  SKU_MAX,
  tapRegistrationSchema,
} from "@releve/core/wardrobe/registration";
import { garmentBySlug } from "@releve/db/wardrobe/queries";
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

export const meta = () => [{ title: "Tap to Register · Relevé" }, { name: "robots", content: "noindex" }];

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
      labels: ReturnType<typeof garmentLabels>;
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
  const found: Found = { state, slug, garmentId: g.id, labels: garmentLabels(g), pool: g.pool };
  return { ...base, found };
}

const failed = (status: number, title: string, message: string, retryable = false) =>
  data<ClaimFailure>({ error: { title, message, retryable, status: "error" } }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const slug = normalizeSlug(form.get("slug"));
  // Spec part 2 §8, Programmer: signed out is an 'Authentication Error'; no readable code is
  // 'Missing user or NFC data'; the database out of reach, 'Connection Failed'. Nothing changes.
  if (!getUser(context)) return failed(401, TAG_MESSAGES.authError, CLAIM_MESSAGES.authRequired);
  if (!slug) return failed(400, REGISTRATION_MESSAGES.failed, TAG_MESSAGES.missingData);
  try {
    return await registerOrClaim(request, context, form, slug);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[tap-register]", error);
    return connectionFailed();
  }
}

function connectionFailed() {
  const [title = "", message = ""] = TAG_MESSAGES.connectionFailed.split(": ");
  return failed(503, title, message, true);
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
      { details: registrationErrors(parsed.error), values: form.echo(DETAIL_FIELDS, NAME_MAX) },
      { status: 400 },
    );
  }
  return inRegistrationWords(await claimAndRespond(request, context, slug, parsed.data));
}

const STYLE_OPTIONS = REGISTRATION_STYLES.map((s) => [s, s.charAt(0).toUpperCase() + s.slice(1)] as const);
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
  return (
    <Form method="post" className="mt-6 flex flex-col gap-4" aria-label="Garment details">
      <p className="text-stone">
        This {type.toLowerCase()} is new to Relevé. Name it to add it to your wardrobe; fields marked * are required.
      </p>
      <input type="hidden" name="slug" value={slug} />
      {failure && <FormAlert title={REGISTRATION_MESSAGES.failed}>{failure.details.message}</FormAlert>}
      {claimError && <FormAlert title={claimError.title}>{claimError.message}</FormAlert>}
      <TextField
        label="Name *"
        name="name"
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        defaultValue={values.name}
        error={errors.name}
        hint="For example Navy silk dress"
      />
      <ChoiceField
        label="Style *"
        name="style"
        required
        placeholder="Choose a style"
        options={STYLE_OPTIONS}
        defaultValue={values.style ?? ""}
        error={errors.style}
      />
      <ChoiceField
        label="Size"
        name="size"
        placeholder="Not given"
        options={SIZE_OPTIONS}
        defaultValue={values.size ?? ""}
        error={errors.size}
      />
      <TextField
        label="SKU"
        name="sku"
        maxLength={SKU_MAX}
        autoComplete="off"
        autoCapitalize="characters"
        defaultValue={values.sku}
        error={errors.sku}
        hint="Optional, from the receipt or the swing tag"
      />
      <TextField
        label="Purchase date"
        name="purchase_date"
        type="date"
        max={latestDate}
        defaultValue={values.purchase_date}
        error={errors.purchase_date}
        hint="Optional"
      />
      <SubmitButton busyLabel="Registering...">Register Garment</SubmitButton>
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
      setReadError(error instanceof Error ? error.message : "Unknown error");
    } finally {
      setScanning(false);
    }
  };

  return (
    <section className="mx-auto w-full max-w-md px-5 py-10 sm:py-16">
      {/* Back where the visitor came from: a signed-out visitor has no dashboard (issue #35). */}
      {signedIn ? <BackLink to="/dashboard">Dashboard</BackLink> : <BackLink to="/">Home</BackLink>}
      <h1 className="mt-6 font-display text-4xl">Tap to Register</h1>

      {found.state === "none" || found.state === "unknown" ? (
        <div className="mt-6 flex flex-col gap-6">
          {found.state === "unknown" && (
            <FormAlert title="Profile Not Found">This garment hasn't been registered yet.</FormAlert>
          )}
          {nfc === "available" ? (
            <div className="border border-ink/10 bg-white p-6 text-center">
              <p className="text-stone">Hold the back of your phone against the garment's tag.</p>
              <Button onClick={scan} disabled={scanning} aria-busy={scanning} className="mt-6 w-full">
                {scanning ? "Scanning..." : "Start Scanning"}
              </Button>
              {readError && (
                <div className="mt-4 text-left">
                  <FormAlert title="NFC Read Error">{readError}</FormAlert>
                </div>
              )}
            </div>
          ) : (
            nfc === "unavailable" && (
              <p role="status" className="border-l-2 border-gold pl-4 text-sm text-stone">
                NFC Not Available: NFC is not supported on this device or browser. Enter the code on the label instead.
              </p>
            )
          )}
          <Form method="get" className="flex flex-col gap-4 border border-ink/10 bg-white p-6">
            <TextField
              label="Garment code"
              name="code"
              autoComplete="off"
              autoCapitalize="none"
              required
              hint="For example mb-001, printed on the care label."
            />
            <Button type="submit" variant="secondary">
              Find Garment
            </Button>
          </Form>
        </div>
      ) : (
        <article aria-label={found.labels.name} className="mt-6 border border-ink/10 bg-white p-6">
          {found.state === "claimable" && found.pool ? (
            <>
              <h2 className="font-display text-2xl">New {found.labels.brand} piece</h2>
              <p className="mt-1 text-sm text-stone">
                {found.labels.type} · tag {found.slug}
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
              <FormAlert title="Ownership conflict">{REGISTRATION_MESSAGES.conflict}</FormAlert>
              <div className="flex flex-wrap gap-3">
                <Link to="/tap-register" className={buttonClass("secondary")}>
                  Try Again
                </Link>
                <a href={`mailto:${loaderData.brandEmail}`} className={buttonClass("ghost")}>
                  Contact Support
                </a>
              </div>
            </div>
          ) : found.state === "mine" ? (
            <div className="mt-6 flex flex-col gap-4">
              <p>This piece is already in your wardrobe.</p>
              <Link to={`/dashboard/garment/${found.garmentId}`} className={buttonClass("primary")}>
                View Details
              </Link>
            </div>
          ) : !signedIn ? (
            <div className="mt-6 flex flex-col gap-3">
              <p className="text-stone">Sign in or create an account to add this piece to your wardrobe.</p>
              <Link to={loaderData.authHref} className={buttonClass("primary")}>
                Sign In to Register
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
              <SubmitButton busy={busy} busyLabel="Registering...">
                Add to My Wardrobe
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
