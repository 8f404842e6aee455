import {
  LINK_TEST_QUICK_SLUGS,
  LINK_TEST_RESULTS_KEPT,
  type LinkTestBody,
  type LinkTestResult,
  QA_MESSAGES,
} from "@releve/core/qa/tools";
import { Button, TextField } from "@releve/ui";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { adminApi } from "../api";
import { formatDate } from "../ui";
import { keepRun, type LinkTestRun, resultRows, runTitle } from "./link-test-runs";

type Viewer = LinkTestBody["viewer"];

const VIEWERS: { value: Viewer; label: string }[] = [
  { value: "visitor", label: "As visitor" },
  { value: "owner", label: "As owner" },
];

/** One result's fields, as a definition list. */
function ResultCard({ run }: { run: LinkTestRun }) {
  const title = runTitle(run);
  if (!run.ok) {
    return (
      <li className="border-l-2 border-danger bg-danger/5 px-4 py-3 text-sm text-danger">
        <p className="font-medium">
          {QA_MESSAGES.testFailed}: {title}
        </p>
        <p>{run.reason}</p>
      </li>
    );
  }
  const { result } = run;
  const rows = resultRows(result);
  return (
    <li className="border border-ink/10 bg-white p-4">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-display text-lg">{title}</span>
        <span className="text-xs text-stone">{formatDate(result.testedAt)} UTC</span>
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone">{label}</dt>
            <dd className="min-w-0 break-words" data-field={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * `/admin/tools/link-tester` (issue #20): a real dry run of the tap worker for a slug, as a
 * visitor or as the garment's owner, with the tap's own answer and where it came from; the
 * last ten results stay on the page.
 */
export function LinkTester() {
  const [slug, setSlug] = useState("");
  const [viewer, setViewer] = useState<Viewer>("visitor");
  const [error, setError] = useState<string | undefined>();
  const [runs, setRuns] = useState<LinkTestRun[]>([]);
  const test = useMutation({
    mutationFn: (body: LinkTestBody) => adminApi<LinkTestResult>("/qa/link-test", { method: "POST", body }),
  });

  const keep = (run: LinkTestRun) => setRuns((previous) => keepRun(previous, run));

  const run = (value: string) => {
    const wanted = value.trim();
    if (!wanted) {
      setError(QA_MESSAGES.linkSlugRequired);
      return;
    }
    setError(undefined);
    const id = crypto.randomUUID();
    test.mutate(
      { slug: wanted, viewer },
      {
        onSuccess: (result) => keep({ id, slug: wanted, viewer, ok: true, result }),
        onError: (failure) => keep({ id, slug: wanted, viewer, ok: false, reason: failure.message }),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(slug);
  };

  return (
    <div className="mt-8">
      <p className="max-w-2xl text-sm text-stone">
        Runs the real tap worker for a slug as a dry run: the same answer a tap gets, and no scan is recorded. It shows
        where the answer came from (this isolate's memo, KV or D1) and whether the cached record agrees with D1.
      </p>
      <form onSubmit={submit} noValidate className="mt-6 flex max-w-xl flex-col gap-4">
        <TextField
          label="Slug"
          name="slug"
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          error={error}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="mb-001"
        />
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <legend className="mb-2 text-xs font-medium uppercase tracking-[0.16em]">Viewer</legend>
          {VIEWERS.map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="viewer"
                value={option.value}
                checked={viewer === option.value}
                onChange={() => setViewer(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" disabled={test.isPending} aria-busy={test.isPending}>
            {test.isPending ? "Testing..." : "Test Logic"}
          </Button>
        </div>
      </form>
      <div className="mt-6">
        <p className="text-xs font-medium uppercase tracking-[0.16em]">Quick slugs</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {LINK_TEST_QUICK_SLUGS.map((quick) => (
            <li key={quick}>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={test.isPending}
                onClick={() => {
                  setSlug(quick);
                  run(quick);
                }}
              >
                {quick}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <section aria-labelledby="link-test-results" className="mt-10">
        <h2 id="link-test-results" className="font-display text-2xl">
          Results
        </h2>
        <p className="mt-1 text-sm text-stone">The last {LINK_TEST_RESULTS_KEPT}, newest first.</p>
        {runs.length === 0 ? (
          <p className="mt-4 text-sm text-stone">No test run yet.</p>
        ) : (
          <ol aria-live="polite" className="mt-4 flex flex-col gap-3">
            {runs.map((r) => (
              <ResultCard key={r.id} run={r} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
