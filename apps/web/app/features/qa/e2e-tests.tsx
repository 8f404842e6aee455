import type { ErrorBody } from "@releve/core";
import {
  E2E_SCENARIOS,
  E2E_STEP_COUNT,
  type E2eCleanup,
  type E2eEvent,
  type E2eScenarioId,
  type E2eStepResult,
  QA_ACCOUNT,
} from "@releve/core/qa/e2e-scenarios";
import { QA_MESSAGES } from "@releve/core/qa/tools";
import { Button, FormAlert } from "@releve/ui";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { requireAdmin } from "../accounts/user.server";
import type { Route } from "./+types/e2e-tests";
import { QaErrorBoundary, QaPage } from "./qa-page";

export const meta = () => [{ title: "E2E Tests · Relevé" }, { name: "robots", content: "noindex" }];

/** Admin only (spec part 2 §2): a visitor is sent to the admin sign-in, anyone else gets 403. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

type StepState = { result: E2eStepResult | "running"; ms: number; detail: string };
type RunState = {
  status: "idle" | "running" | "done" | "error";
  slug: string | null;
  steps: Record<string, StepState>;
  cleanup: { ok: true; removed: E2eCleanup } | { ok: false; detail: string } | null;
  totals: { passed: number; failed: number; skipped: number; ms: number } | null;
  error: string | null;
};

const IDLE: RunState = { status: "idle", slug: null, steps: {}, cleanup: null, totals: null, error: null };
const key = (scenario: E2eScenarioId, step: number) => `${scenario}:${step}`;

/** The step after the last one with a result: the one the server is working on now. */
function nextStep(steps: Record<string, StepState>) {
  for (const scenario of E2E_SCENARIOS) {
    for (const index of scenario.steps.keys()) {
      if (!steps[key(scenario.id, index)]) return key(scenario.id, index);
    }
  }
  return null;
}

async function errorMessage(response: Response) {
  try {
    const body = (await response.json()) as ErrorBody;
    return body.error.message;
  } catch {
    return `The server answered ${response.status}.`;
  }
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export default function E2eTestsRoute() {
  const [run, setRun] = useState<RunState>(IDLE);
  const running = run.status === "running";
  const summary = useRef<HTMLDivElement>(null);

  const apply = (event: E2eEvent) =>
    setRun((state) => {
      switch (event.type) {
        case "start":
          return { ...state, slug: event.slug };
        case "step": {
          const steps = { ...state.steps, [key(event.scenario, event.step)]: event };
          return { ...state, steps };
        }
        case "cleanup":
          return {
            ...state,
            cleanup: event.ok ? { ok: true, removed: event.removed } : { ok: false, detail: event.detail },
          };
        case "end":
          return { ...state, status: "done", totals: event };
      }
    });

  const start = async () => {
    setRun({ ...IDLE, status: "running" });
    try {
      const response = await fetch("/api/admin/qa/e2e-run", { method: "POST" });
      if (!response.ok || !response.body) throw new Error(await errorMessage(response));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = "";
      let ended = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        for (const line of lines) {
          if (!line.trim()) continue;
          const event = JSON.parse(line) as E2eEvent;
          if (event.type === "end") ended = true;
          apply(event);
        }
      }
      if (!ended) throw new Error("The run stopped before it ended: the connection was lost.");
    } catch (error) {
      setRun((state) => ({
        ...state,
        status: "error",
        error: error instanceof Error ? error.message : "The run could not be started.",
      }));
    }
    summary.current?.focus();
  };

  const current = running ? nextStep(run.steps) : null;
  const finished = Object.keys(run.steps).length;
  return (
    <QaPage
      title="E2E Tests"
      intro={
        <>
          Five scenarios against this running system. Every step is a real request, made as the QA account{" "}
          <span className="break-all font-mono text-sm text-ink">{QA_ACCOUNT.email}</span> or as a visitor. Taps are dry
          runs, so no scan is counted; what a run makes is removed after it.
        </>
      }
    >
      <div className="mt-8 flex flex-col gap-4 border border-ink/10 bg-white p-6">
        <Button type="button" onClick={start} disabled={running} className="sm:self-start">
          {running ? "Running..." : run.status === "idle" ? "Run all tests" : "Run again"}
        </Button>
        <div className="flex flex-col gap-2">
          <progress
            className="h-2 w-full appearance-none overflow-hidden [&::-moz-progress-bar]:bg-gold [&::-webkit-progress-bar]:bg-ink/10 [&::-webkit-progress-value]:bg-gold"
            max={E2E_STEP_COUNT}
            value={finished}
            aria-label="Steps finished"
          />
          <p role="status" className="text-sm text-stone">
            {running
              ? `Step ${Math.min(finished + 1, E2E_STEP_COUNT)} of ${E2E_STEP_COUNT}...`
              : run.status === "idle"
                ? `${E2E_STEP_COUNT} steps in ${E2E_SCENARIOS.length} scenarios, not run yet.`
                : `${finished} of ${E2E_STEP_COUNT} steps finished.`}
          </p>
        </div>
      </div>

      <div ref={summary} tabIndex={-1} className="mt-6 outline-none">
        {run.status === "error" && <FormAlert title={QA_MESSAGES.testFailed}>{run.error}</FormAlert>}
        {run.totals && <Totals totals={run.totals} />}
        {run.cleanup && (
          <p className="mt-2 text-sm text-stone">
            {run.cleanup.ok
              ? `Cleaned up: ${plural(run.cleanup.removed.garments, "garment")}, ${plural(run.cleanup.removed.contacts, "contact")}, ${plural(run.cleanup.removed.sessions, "session")}, ${plural(run.cleanup.removed.rateEvents, "rate event")} removed (${run.slug}).`
              : run.cleanup.detail}
          </p>
        )}
      </div>

      <ol className="mt-8 flex flex-col gap-6">
        {E2E_SCENARIOS.map((scenario, n) => {
          const states = scenario.steps.map((_, i) => run.steps[key(scenario.id, i)]);
          const failed = states.some((s) => s?.result === "failed");
          const done = states.every((s) => s !== undefined);
          const verdict = failed ? QA_MESSAGES.testFailed : done ? "Passed" : running ? "Running" : "Not run";
          return (
            <li key={scenario.id} className="border border-ink/10 bg-white">
              <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-ink/10 px-5 py-4">
                <h2 className="font-display text-xl">
                  {n + 1}. {scenario.name}
                </h2>
                <span
                  className={`text-xs uppercase tracking-[0.18em] ${failed ? "text-red-700" : done ? "text-emerald-800" : "text-stone"}`}
                >
                  {verdict}
                </span>
              </div>
              <ol className="divide-y divide-ink/5">
                {scenario.steps.map((name, i) => {
                  const state = run.steps[key(scenario.id, i)];
                  const now = current === key(scenario.id, i);
                  return (
                    <li key={name} className="px-5 py-3" aria-current={now ? "step" : undefined}>
                      <div className="flex items-start justify-between gap-3">
                        <span className="min-w-0 text-sm">{name}</span>
                        <StepBadge state={state} running={now} />
                      </div>
                      {state && state.result !== "running" && (
                        <p
                          className={`mt-1 break-words text-xs ${state.result === "failed" ? "text-red-700" : "text-stone"}`}
                        >
                          {state.result === "failed" ? `${QA_MESSAGES.testFailed}: ${state.detail}` : state.detail}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ol>
            </li>
          );
        })}
      </ol>
      <p className="mt-8 text-sm text-stone">
        The unclaimed-tap scenario needs mb-001 unclaimed and active:{" "}
        <Link to="/admin/qa" className="underline underline-offset-4">
          Reset test data
        </Link>{" "}
        on the QA panel puts it back.
      </p>
    </QaPage>
  );
}

function StepBadge({ state, running }: { state: StepState | undefined; running: boolean }) {
  if (!state) return <span className="shrink-0 text-xs text-stone">{running ? "Running..." : "Waiting"}</span>;
  const label = state.result === "passed" ? "Passed" : state.result === "failed" ? QA_MESSAGES.testFailed : "Skipped";
  const tone =
    state.result === "passed" ? "text-emerald-800" : state.result === "failed" ? "text-red-700" : "text-stone";
  return (
    <span className={`shrink-0 text-xs font-medium ${tone}`}>
      {state.result === "passed" ? "✓ " : state.result === "failed" ? "✕ " : ""}
      {label}
      {state.result === "skipped" ? "" : ` · ${seconds(state.ms)}`}
    </span>
  );
}

function Totals({ totals }: { totals: NonNullable<RunState["totals"]> }) {
  const ok = totals.failed === 0 && totals.skipped === 0;
  return (
    <p
      className={`border-l-2 px-4 py-3 text-sm ${ok ? "border-emerald-700 bg-emerald-50" : "border-red-700 bg-red-50"}`}
    >
      {ok
        ? `All ${totals.passed} steps passed in ${seconds(totals.ms)}.`
        : `${QA_MESSAGES.testFailed}: ${totals.failed} failed, ${totals.skipped} skipped, ${totals.passed} passed (${seconds(totals.ms)}).`}
    </p>
  );
}

export const ErrorBoundary = QaErrorBoundary;
