import { QA_MESSAGES } from "@releve/core/qa/tools";
import {
  URL_SUITE_MESSAGES,
  URL_TEST_DEFAULT_SLUG,
  URL_TEST_SAMPLE_SLUGS,
  URL_TEST_SLUG_MAX_LENGTH,
  type UrlCheck,
  type UrlSuiteResult,
  urlSuiteSummary,
} from "@releve/core/qa/url-suite";
import { Button, FormAlert, TextField } from "@releve/ui";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { requireAdmin } from "../accounts/user.server";
import type { Route } from "./+types/test-urls";
import { QaErrorBoundary, QaPage, TEST_SLUG_FIELD } from "./qa-page";

export const meta = () => [{ title: "Test URLs · Relevé" }, { name: "robots", content: "noindex" }];

/** Admin only (spec part 2 §2, §6): a visitor is sent to the admin sign-in, anyone else gets 403. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

/** One slug's run: waiting its turn, under way, answered, or refused (the API's own message). */
type Run =
  | { slug: string; state: "queued" | "running" }
  | { slug: string; state: "done"; result: UrlSuiteResult }
  | { slug: string; state: "error"; message: string };

type Progress = { done: number; total: number; slug: string } | null;

const ENDPOINT = "/api/admin/qa/url-suite";

/** The suite for one slug; an API error (or a network failure) comes back as its message. */
async function runSuite(slug: string, signal: AbortSignal): Promise<Run> {
  try {
    const res = await fetch(ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ slug }),
      signal,
    });
    const body = (await res.json().catch(() => null)) as UrlSuiteResult | { error?: { message?: string } } | null;
    if (res.ok && body && "checks" in body) return { slug, state: "done", result: body };
    const message = (body && "error" in body && body.error?.message) || `The server answered ${res.status}.`;
    return { slug, state: "error", message };
  } catch (error) {
    if (signal.aborted) throw error;
    return { slug, state: "error", message: "The server could not be reached. Check the connection and try again." };
  }
}

/** The typed slug's problem, or null when it can be tested. */
function slugProblem(slug: string): string | null {
  if (slug === "") return URL_SUITE_MESSAGES.slugRequired;
  if (slug.length > URL_TEST_SLUG_MAX_LENGTH) return URL_SUITE_MESSAGES.slugTooLong;
  return null;
}

const RESULT_LABEL = { pass: "Pass", fail: "Fail", skip: "Skip" } as const;
const RESULT_STYLE = {
  pass: "border-ink text-ink",
  fail: "border-danger bg-danger text-ivory",
  skip: "border-ink/20 text-stone",
} as const;

export default function TestUrlsRoute() {
  const [slug, setSlug] = useState<string>(URL_TEST_DEFAULT_SLUG);
  const [problem, setProblem] = useState<string | null>(null);
  const [runs, setRuns] = useState<Run[]>([]);
  const [progress, setProgress] = useState<Progress>(null);
  const [finished, setFinished] = useState<string>("");
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const busy = progress !== null;

  /** Runs the slugs one request at a time, listing each as it is answered. */
  async function start(slugs: string[]) {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setFinished("");
    setRuns(slugs.map((s) => ({ slug: s, state: "queued" })));
    for (const [index, s] of slugs.entries()) {
      setProgress({ done: index, total: slugs.length, slug: s });
      setRuns((all) => all.map((r, i) => (i === index ? { slug: s, state: "running" } : r)));
      let run: Run;
      try {
        run = await runSuite(s, abort.signal);
      } catch {
        return; // left the page, or a new run replaced this one
      }
      setRuns((all) => all.map((r, i) => (i === index ? run : r)));
    }
    setProgress(null);
    setFinished(slugs.length === 1 ? `Tested ${slugs[0]}.` : `Done: ${slugs.length} of ${slugs.length} slugs tested.`);
  }

  const typed = () => slug.trim();

  const testSlug = (event: FormEvent) => {
    event.preventDefault();
    const s = typed();
    const why = slugProblem(s);
    setProblem(why);
    if (!why) void start([s]);
  };

  const runAll = () => {
    const s = typed();
    // A typed slug that cannot be tested is left out, saying why; the samples run anyway.
    const why = s === "" ? null : slugProblem(s);
    const extra = s !== "" && !why && !(URL_TEST_SAMPLE_SLUGS as readonly string[]).includes(s) ? [s] : [];
    setProblem(why);
    void start([...URL_TEST_SAMPLE_SLUGS, ...extra]);
  };

  const checks = runs.flatMap((r) => (r.state === "done" ? r.result.checks : []));
  const errors = runs.filter((r) => r.state === "error").length;
  const summary = urlSuiteSummary(checks);

  return (
    <QaPage
      title="Test URLs"
      intro={
        <>
          Real checks for each slug: the tap as a visitor and as the owner (dry runs: no scan is recorded), the pages it
          sends to, the tap's cached record against the database, and the share card and its vCard against what the
          owner shares.
        </>
      }
    >
      <form
        onSubmit={testSlug}
        className="mt-8 flex flex-col gap-4 border border-ink/10 bg-white p-5 sm:p-6"
        noValidate
      >
        <TextField
          {...TEST_SLUG_FIELD}
          maxLength={URL_TEST_SLUG_MAX_LENGTH}
          value={slug}
          onChange={(e) => {
            setSlug(e.target.value);
            setProblem(null);
          }}
          hint="As in /t/<slug>. Any text: an unknown slug is tested too."
          error={problem ?? undefined}
        />
        <fieldset>
          <legend className="text-xs font-medium uppercase tracking-[0.16em] text-ink">Sample slugs</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {URL_TEST_SAMPLE_SLUGS.map((s) => (
              <Button
                key={s}
                variant={slug.trim() === s ? "primary" : "secondary"}
                size="sm"
                aria-pressed={slug.trim() === s}
                onClick={() => {
                  setSlug(s);
                  setProblem(null);
                }}
                className="font-mono normal-case! tracking-normal!"
              >
                {s}
              </Button>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={busy}>
            Test slug
          </Button>
          <Button variant="secondary" onClick={runAll} disabled={busy}>
            Run suite
          </Button>
        </div>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-stone">
          {progress
            ? progress.total === 1
              ? `Testing ${progress.slug}...`
              : `Testing ${progress.slug}: ${progress.done + 1} of ${progress.total}`
            : finished}
        </p>
      </form>

      {runs.length > 0 && (
        <div className="mt-10" aria-busy={busy}>
          <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
            <h2 className="font-display text-2xl">Results</h2>
            <p className="text-sm" data-testid="url-suite-summary">
              {summary.text}
              {errors > 0 ? `, ${errors} ${errors === 1 ? "slug" : "slugs"} not tested` : ""}
            </p>
          </div>
          <ol className="mt-4 flex flex-col gap-6">
            {runs.map((run) => (
              <li key={run.slug}>
                <SlugResult run={run} single={runs.length === 1} />
              </li>
            ))}
          </ol>
        </div>
      )}

      <p className="mt-12 text-sm text-stone">
        One slug in more depth:{" "}
        <Link to="/admin/tools/link-tester" className="underline underline-offset-4">
          Link Tester
        </Link>
        . Put the sample garments back with{" "}
        <Link to="/admin/qa" className="underline underline-offset-4">
          Reset test data
        </Link>{" "}
        on the QA panel.
      </p>
    </QaPage>
  );
}

/**
 * One slug's result. Its checks fold away once they all pass (the summary line says so) so a
 * whole suite stays short on a phone; a failure, or a single slug tested, shows them open.
 */
function SlugResult({ run, single }: { run: Run; single: boolean }) {
  const headingId = `url-suite-${run.slug.replace(/[^a-z0-9-]/gi, "_")}`;
  return (
    <section aria-labelledby={headingId} className="border border-ink/10 bg-white">
      {run.state === "done" ? (
        <Checks key={run.result.testedAt} headingId={headingId} result={run.result} single={single} />
      ) : (
        <div className="p-4 sm:p-5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3 id={headingId} className="min-w-0 break-all font-mono text-lg">
              {run.slug}
            </h3>
            {run.state === "running" && <p className="text-sm text-stone">Testing...</p>}
            {run.state === "queued" && <p className="text-sm text-stone">Waiting</p>}
          </div>
          {run.state === "error" && (
            <div className="mt-3">
              <FormAlert title={QA_MESSAGES.testFailed}>{run.message}</FormAlert>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

function Checks({ headingId, result, single }: { headingId: string; result: UrlSuiteResult; single: boolean }) {
  const summary = urlSuiteSummary(result.checks);
  const [open, setOpen] = useState(single || summary.failed > 0);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group">
      <summary className="flex cursor-pointer list-none flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold sm:p-5 [&::-webkit-details-marker]:hidden">
        <h3 id={headingId} className="min-w-0 break-all font-mono text-lg">
          <span aria-hidden className="mr-2 inline-block text-sm text-stone transition-transform group-open:rotate-90">
            ▸
          </span>
          {result.slug}
        </h3>
        <p className={`text-sm ${summary.failed > 0 ? "text-danger" : "text-stone"}`}>{summary.text}</p>
      </summary>
      <ul className="flex flex-col divide-y divide-ink/10 border-t border-ink/10 px-4 sm:px-5">
        {result.checks.map((check) => (
          <CheckRow key={check.id} check={check} />
        ))}
      </ul>
    </details>
  );
}

function CheckRow({ check }: { check: UrlCheck }) {
  return (
    <li className="flex gap-3 py-3" data-check={check.id} data-result={check.result}>
      <span
        className={`inline-flex h-6 w-12 shrink-0 items-center justify-center border text-xs font-medium uppercase tracking-[0.12em] ${RESULT_STYLE[check.result]}`}
      >
        {RESULT_LABEL[check.result]}
      </span>
      <div className="min-w-0">
        <p className="font-medium">{check.name}</p>
        <p className="mt-0.5 text-sm text-stone [overflow-wrap:anywhere]">{check.detail}</p>
      </div>
    </li>
  );
}

export const ErrorBoundary = QaErrorBoundary;
