import { CLAIM_FLOW_DELAY_MS, QA_MESSAGES, TEST_GARMENT_DEFAULT_SLUG } from "@releve/core/qa/tools";
import { normalizeSlug, SLUG_MAX_LENGTH } from "@releve/core/tap/slug";
import { Button, FormAlert, TextField } from "@releve/ui";
import { actingAs } from "@releve/verbs/effects";
import { createQaGarment } from "@releve/verbs/qa/create-qa-garment";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link } from "react-router";
import { SubmitButton } from "../../components/submit-button";
import { readForm } from "../../lib/form.server";
import { requestContext } from "../../request-context.server";
import { requireAdmin } from "../accounts/user.server";
import type { Route } from "./+types/test-garment";
import { QaErrorBoundary, QaPage, TEST_SLUG_FIELD } from "./qa-page";

export const meta = () => [{ title: "Test Garment · Relevé" }, { name: "robots", content: "noindex" }];

type Outcome =
  | { kind: "created"; slug: string; message: string }
  | { kind: "exists"; slug: string; message: string }
  | { kind: "invalid"; slug: string; message: string };

/** Admin only (spec part 2 §2): a visitor is sent to the admin sign-in, anyone else gets 403. */
export function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  return { email: admin.email, userId: admin.userId };
}

/** 'Create Test Garment': a real unclaimed garment with its tag in the QA batch, or 'exists'. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const raw = (await readForm(request)).get("slug").trim();
  const invalid = (message: string) =>
    data<Outcome>({ kind: "invalid", slug: raw.slice(0, SLUG_MAX_LENGTH), message }, { status: 400 });
  if (raw === "") return invalid(QA_MESSAGES.testSlugRequired);
  const slug = normalizeSlug(raw);
  if (!slug) return invalid(QA_MESSAGES.badTestSlug);

  const { env, effects } = requestContext(request, context);
  const made = await createQaGarment(actingAs(effects, { kind: "admin", id: admin.userId }), {
    staff: { userId: admin.userId, email: admin.email },
    slug,
    chipSecret: env.CHIP_SECRET,
    runId: null,
  });
  if (made.code === "exists") {
    return data<Outcome>({ kind: "exists", slug, message: QA_MESSAGES.testGarmentExists(slug) }, { status: 409 });
  }
  return data<Outcome>({ kind: "created", slug, message: QA_MESSAGES.testGarmentCreated(slug) }, { status: 201 });
}

export default function TestGarmentRoute({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData as Outcome | undefined;
  const [slug, setSlug] = useState(outcome?.slug ?? TEST_GARMENT_DEFAULT_SLUG);
  const [problem, setProblem] = useState<string | null>(null);
  const [going, setGoing] = useState<string | null>(null);
  // The server's answer about the slug stands until the slug is edited.
  const [edited, setEdited] = useState(false);
  const [answered, setAnswered] = useState(outcome);
  if (answered !== outcome) {
    setAnswered(outcome);
    setEdited(false);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // 'Test Claim Flow' (spec part 2 §2): to the real tap after 500 ms.
  const testClaimFlow = () => {
    const trimmed = slug.trim();
    const target = normalizeSlug(trimmed);
    if (!target) {
      setProblem(trimmed === "" ? QA_MESSAGES.testSlugRequired : QA_MESSAGES.badTestSlug);
      return;
    }
    setProblem(null);
    setGoing(target);
    timer.current = setTimeout(() => window.location.assign(`/t/${target}`), CLAIM_FLOW_DELAY_MS);
  };

  const shown = edited ? undefined : outcome;
  const fieldError = problem ?? (shown?.kind === "invalid" ? shown.message : undefined);
  return (
    <QaPage
      title="Test Garment"
      intro={
        <>
          Create a real unclaimed garment in the QA batch, then walk through the claim flow with it, as a phone tapping
          its tag would.
        </>
      }
    >
      <Form method="post" className="mt-8 flex flex-col gap-4 border border-ink/10 bg-white p-6" noValidate>
        <TextField
          {...TEST_SLUG_FIELD}
          maxLength={SLUG_MAX_LENGTH}
          value={slug}
          onChange={(e) => {
            setSlug(e.target.value);
            setProblem(null);
            setEdited(true);
          }}
          hint="Lower-case letters, digits and hyphens, as in /t/<slug>."
          error={fieldError}
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <SubmitButton busyLabel="Creating...">Create Test Garment</SubmitButton>
          <Button type="button" variant="secondary" onClick={testClaimFlow} disabled={going !== null}>
            {going ? "Opening..." : "Test Claim Flow"}
          </Button>
        </div>
        <p role="status" className="text-sm text-stone">
          {going ? `Opening /t/${going}...` : ""}
        </p>
      </Form>
      {shown?.kind === "created" && (
        <p role="status" className="mt-4 border-l-2 border-gold bg-gold/5 px-4 py-3 text-sm">
          {shown.message}
        </p>
      )}
      {shown?.kind === "exists" && (
        <div className="mt-4">
          <FormAlert>{shown.message}</FormAlert>
        </div>
      )}

      <h2 className="mt-12 font-display text-2xl">Signed in as</h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 border border-ink/10 bg-white p-6 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-stone">Email</dt>
        <dd className="min-w-0 break-all">{loaderData.email}</dd>
        <dt className="text-stone">User id</dt>
        <dd className="min-w-0 break-all font-mono">{loaderData.userId}</dd>
      </dl>
      <p className="mt-6 text-sm text-stone">
        Put the sample garments back with{" "}
        <Link to="/admin/qa" className="underline underline-offset-4">
          Reset test data
        </Link>{" "}
        on the QA panel.
      </p>
    </QaPage>
  );
}

export const ErrorBoundary = QaErrorBoundary;
