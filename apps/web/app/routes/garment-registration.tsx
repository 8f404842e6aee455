import { GARMENTS_LOAD_FAILED, garmentLabels } from "@releve/core/garment";
import { listActiveOwnedGarments } from "@releve/db/garments";
import { FormAlert, TextField } from "@releve/ui";
import { useEffect, useState } from "react";
import { data, Form, Link } from "react-router";
import { BackLink } from "../components/back-link";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { SubmitButton } from "../components/submit-button";
import { authDeps } from "../lib/auth-page.server";
import { type ClaimFailure, claimAndRespond } from "../lib/claim.server";
import { readForm } from "../lib/form.server";
import { slugFromCode } from "../lib/garment-code.server";
import { requireUser } from "../lib/user.server";
import type { Route } from "./+types/garment-registration";

export const meta = () => [{ title: "Register a garment · Relevé" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const garments = await listActiveOwnedGarments(authDeps(request, context).db, user.userId);
  return { garments: garments.map((g) => ({ id: g.id, ...garmentLabels(g) })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(request, context);
  const code = (await readForm(request)).get("code");
  if (code.trim() === "") {
    return data<ClaimFailure>(
      {
        error: {
          title: "Claim Failed",
          message: "Enter the code printed on the label.",
          retryable: false,
          status: "empty",
        },
      },
      { status: 400 },
    );
  }
  const slug = await slugFromCode(authDeps(request, context).db, code);
  if (!slug) {
    return data<ClaimFailure>(
      {
        error: {
          title: "Claim Failed",
          message: "We could not find a garment with that code.",
          retryable: false,
          status: "not_found",
        },
      },
      { status: 404 },
    );
  }
  return claimAndRespond(request, context, slug);
}

export default function GarmentRegistrationRoute({ loaderData, actionData }: Route.ComponentProps) {
  const [code, setCode] = useState("");
  // Without JavaScript the button stays enabled; the server refuses a blank code all the same.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const error = (actionData as ClaimFailure | undefined)?.error;

  return (
    <section className="mx-auto w-full max-w-3xl px-5 py-10 sm:py-16">
      <BackLink to="/">Back to Home</BackLink>
      <h1 className="mt-6 font-display text-4xl">Register a garment</h1>
      <p className="mt-2 max-w-xl text-stone">
        Enter the code printed on the care label (for example <code>mb-001</code>), or{" "}
        <Link to="/tap-register" className="underline underline-offset-4">
          tap the garment with your phone
        </Link>
        .
      </p>

      <Form
        method="post"
        className="mt-8 flex flex-col gap-4 border border-ink/10 bg-white p-6 sm:flex-row sm:items-end"
      >
        <TextField
          label="Garment code"
          name="code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className="flex-1"
          error={error?.status === "empty" ? error.message : undefined}
        />
        {/* A whitespace-only code does nothing (spec part 1 §5). */}
        <SubmitButton busyLabel="Registering..." disabled={hydrated && code.trim() === ""}>
          Register Garment
        </SubmitButton>
      </Form>
      {error && error.status !== "empty" && (
        <div className="mt-4">
          <FormAlert title={error.title}>{error.message}</FormAlert>
        </div>
      )}

      <h2 className="mt-12 font-display text-2xl">Your garments</h2>
      {loaderData.garments.length === 0 ? (
        <p className="mt-3 text-stone">No garments registered yet</p>
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
  return <GeneralErrorBoundary failure={GARMENTS_LOAD_FAILED} />;
}
