import { garmentLabels } from "@releve/core/garment";
import { normalizeSlug } from "@releve/core/slug";
import { BRAND_CONTACT_EMAIL } from "@releve/core/tap-rules";
import { garmentBySlug } from "@releve/db/garments";
import { Button, buttonClass, FormAlert, TextField } from "@releve/ui";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { BackLink } from "../components/back-link";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { SubmitButton } from "../components/submit-button";
import { authDeps } from "../lib/auth-page.server";
import { type ClaimFailure, claimAndRespond } from "../lib/claim.server";
import { readForm } from "../lib/form.server";
import { slugFromCode } from "../lib/garment-code.server";
import { getUser } from "../lib/user.server";
import type { Route } from "./+types/tap-register";

export const meta = () => [{ title: "Tap to Register · Relevé" }, { name: "robots", content: "noindex" }];

const NFC_READ_TIMEOUT_MS = 10_000;
const CODE_MAX_LENGTH = 300;

type Found =
  | { state: "none" }
  | { state: "unknown"; code: string }
  | {
      state: "claimable" | "mine" | "other";
      slug: string;
      garmentId: number;
      labels: ReturnType<typeof garmentLabels>;
    };

export async function loader({ request, context }: Route.LoaderArgs) {
  // Echoed into the page and its sign-in link: bounded (no code we read is longer).
  const code = new URL(request.url).searchParams.get("code")?.slice(0, CODE_MAX_LENGTH) ?? null;
  const user = getUser(context);
  const here = `/tap-register${code ? `?code=${encodeURIComponent(code)}` : ""}`;
  const base = { signedIn: Boolean(user), authHref: `/auth?redirect=${encodeURIComponent(here)}` };
  if (!code) return { ...base, found: { state: "none" } as Found };
  const { db } = authDeps(request, context);
  const slug = await slugFromCode(db, code);
  const g = slug ? await garmentBySlug(db, slug) : null;
  if (!slug || g?.is_active !== true) return { ...base, found: { state: "unknown", code } as Found };
  const state = g.status === "unclaimed" ? "claimable" : g.owner_user_id === user?.userId ? "mine" : "other";
  return { ...base, found: { state, slug, garmentId: g.id, labels: garmentLabels(g) } as Found };
}

export async function action({ request, context }: Route.ActionArgs) {
  const slug = normalizeSlug((await readForm(request)).get("slug"));
  return claimAndRespond(request, context, slug);
}

/** Reads the first URL record of a tag and returns its `/t/<slug>` (or the whole text). */
async function readTag(signal: AbortSignal): Promise<string> {
  // Web NFC (Chrome on Android): https://w3c.github.io/web-nfc/
  const Reader = (
    window as unknown as {
      NDEFReader: new () => {
        scan(o: { signal: AbortSignal }): Promise<void>;
        onreading: ((e: { message: { records: Array<{ recordType: string; data?: DataView }> } }) => void) | null;
        onreadingerror: (() => void) | null;
      };
    }
  ).NDEFReader;
  const reader = new Reader();
  await reader.scan({ signal });
  return new Promise((resolve, reject) => {
    reader.onreadingerror = () => reject(new Error("Failed to read NFC tag"));
    reader.onreading = (event) => {
      for (const record of event.message.records) {
        if ((record.recordType === "url" || record.recordType === "text") && record.data) {
          resolve(new TextDecoder().decode(record.data));
          return;
        }
      }
      reject(new Error("NFC Tag Detected: this tag is not one of Relevé's garments."));
    };
  });
}

export default function TapRegisterRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { found, signedIn } = loaderData;
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  const [nfc, setNfc] = useState<"unknown" | "available" | "unavailable">("unknown");
  const [scanning, setScanning] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const claimError = (actionData as ClaimFailure | undefined)?.error;

  useEffect(() => {
    setNfc("NDEFReader" in window ? "available" : "unavailable");
    return () => abort.current?.abort();
  }, []);

  const scan = async () => {
    setReadError(null);
    setScanning(true);
    abort.current = new AbortController();
    const timer = setTimeout(() => abort.current?.abort(), NFC_READ_TIMEOUT_MS);
    try {
      const text = await readTag(abort.current.signal);
      navigate(`/tap-register?code=${encodeURIComponent(text)}`);
    } catch (error) {
      setReadError(
        abort.current.signal.aborted
          ? "NFC read timeout after 10 seconds"
          : error instanceof Error
            ? error.message
            : "Unknown error",
      );
    } finally {
      clearTimeout(timer);
      setScanning(false);
    }
  };

  return (
    <section className="mx-auto w-full max-w-md px-5 py-10 sm:py-16">
      <BackLink to="/dashboard">Dashboard</BackLink>
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
          <h2 className="font-display text-2xl">{found.labels.name}</h2>
          <p className="mt-1 text-sm text-stone">
            {found.labels.brand} · {found.labels.type} · {found.labels.color} · {found.labels.size}
          </p>
          {found.state === "other" || claimError?.status === "claimed_by_other" ? (
            <div className="mt-6 flex flex-col gap-4">
              <FormAlert title="Ownership conflict">
                This garment is already registered to someone else. Try again, or contact support if it is yours.
              </FormAlert>
              <div className="flex flex-wrap gap-3">
                <Link to="/tap-register" className={buttonClass("secondary")}>
                  Try Again
                </Link>
                <a href={`mailto:${BRAND_CONTACT_EMAIL}`} className={buttonClass("ghost")}>
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
