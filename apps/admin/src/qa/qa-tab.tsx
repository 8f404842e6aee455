import type { QaPanel, QaResetResult } from "@releve/core/qa/tools";
import { QA_MESSAGES } from "@releve/core/qa/tools";
import { Button } from "@releve/ui";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { adminApi } from "../api";
import { useNotify } from "../notify";
import { keys } from "../queries";
import { formatDate, NotLoaded, TableScroll } from "../ui";

const qaKey = ["admin", "qa"] as const;
const qaQuery = queryOptions({ queryKey: qaKey, queryFn: () => adminApi<QaPanel>("/qa") });

/** 'Reset test data' (spec part 2 §7, qa-reset-e2e): refreshes the panel, the garment lists and the audit log. */
function useResetTestData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminApi<QaResetResult>("/qa/reset", { method: "POST" }),
    onSuccess: () =>
      Promise.all(
        [qaKey, keys.garments, keys.stats, keys.audit].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}

/** The QA tools that exist (the others of issue #20 are added here as they land). */
const TOOLS: { href: string; title: string; text: string }[] = [
  {
    href: "/admin/tools/link-tester",
    title: "Link Tester",
    text: "Run the real tap for a slug as a dry run (no scan): its answer, where it came from, and whether KV agrees with D1.",
  },
  {
    href: "/test-garment",
    title: "Test Garment",
    text: "Create a real unclaimed garment in the QA batch, then run its claim flow through the tap.",
  },
  {
    href: "/test-urls",
    title: "Test URLs",
    text: "Check the sample slugs against the real tap, their pages, the tap cache, the share card and the vCard.",
  },
  {
    href: "/e2e-tests",
    title: "E2E Tests",
    text: "Five scenarios as real requests, as the QA account: unknown tap, claim page, card, contact exchange, deactivation. Cleaned up after.",
  },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `qa-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="font-display text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

const cell = "p-3 align-top";

/** `/admin/qa`: reset of the sample garments, the QA tools, the demo accounts and a manual pass. */
export function QaPanelPage() {
  const panel = useQuery(qaQuery);
  const reset = useResetTestData();
  const notify = useNotify();

  const runReset = () =>
    reset.mutate(undefined, {
      onSuccess: (result) =>
        notify({
          type: "success",
          title: QA_MESSAGES.resetDone,
          description: `${result.garments.map((g) => g.slug).join(" and ") || "No sample garment"} unclaimed.`,
        }),
      onError: (error) => notify({ type: "error", title: QA_MESSAGES.resetFailed, description: error.message }),
    });

  return (
    <div>
      <Section title="Reset test data">
        <p className="mt-2 max-w-2xl text-sm text-stone">
          Puts the sample garments mb-001 and ss-002 back to unclaimed and active, as the seed made them: no owner, no
          claim date. Their tap records are rewritten, so the next tap of either opens the claim page. Nothing else
          changes (their scans and contacts stay); the change is in the audit log.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button type="button" onClick={runReset} disabled={reset.isPending} aria-busy={reset.isPending}>
            {reset.isPending ? "Resetting..." : "Reset test data"}
          </Button>
          <p role="status" className="text-sm">
            {reset.isSuccess && `${QA_MESSAGES.resetDone} (${formatDate(reset.data.resetAt)} UTC).`}
          </p>
        </div>
        {reset.isError && (
          <div role="alert" className="mt-4 border-l-2 border-danger bg-danger/5 px-4 py-3 text-sm text-danger">
            <p className="font-medium">{QA_MESSAGES.resetFailed}</p>
            <p>{reset.error.message}</p>
          </div>
        )}
        {panel.isSuccess ? (
          <TableScroll label="Sample garments" className="mt-6">
            <table className="w-full min-w-[28rem] text-left text-sm">
              <caption className="sr-only">Sample garments the reset puts back</caption>
              <thead className="text-xs uppercase tracking-[0.14em] text-stone">
                <tr>
                  <th scope="col" className="p-3 font-normal">
                    Garment
                  </th>
                  <th scope="col" className="p-3 font-normal">
                    Status
                  </th>
                  <th scope="col" className="p-3 font-normal">
                    Active
                  </th>
                  <th scope="col" className="p-3 font-normal">
                    Claimed (UTC)
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink/10">
                {panel.data.samples.map((g) => (
                  <tr key={g.slug}>
                    <td className={cell}>
                      <a
                        href={`/t/${g.slug}`}
                        target="_blank"
                        rel="noreferrer"
                        className="font-mono underline underline-offset-4"
                      >
                        /t/{g.slug}
                      </a>
                    </td>
                    <td className={`${cell} capitalize`}>{g.status}</td>
                    <td className={cell}>{g.active ? "Yes" : "No"}</td>
                    <td className={cell}>{formatDate(g.claimedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <div className="mt-6">
            <NotLoaded query={panel} label="sample garments" />
          </div>
        )}
      </Section>

      <Section title="QA tools">
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {TOOLS.map((tool) => (
            <li key={tool.href} className="border border-ink/10 bg-white p-4">
              <a href={tool.href} className="font-display text-lg underline underline-offset-4">
                {tool.title}
              </a>
              <p className="mt-1 text-sm text-stone">{tool.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Demo accounts">
        <p className="mt-2 max-w-2xl text-sm text-stone">
          Made by the seed. Their passwords are never shown here: locally they are in <code>.dev.vars</code> (written by{" "}
          <code>npm start</code> the first time), elsewhere in the environment, under the variable named below.
        </p>
        {panel.isSuccess ? (
          <TableScroll label="Demo accounts table" className="mt-4">
            <table className="w-full min-w-[34rem] text-left text-sm">
              <caption className="sr-only">Demo accounts</caption>
              <thead className="text-xs uppercase tracking-[0.14em] text-stone">
                <tr>
                  <th scope="col" className="p-3 font-normal">
                    Role
                  </th>
                  <th scope="col" className="p-3 font-normal">
                    Email
                  </th>
                  <th scope="col" className="p-3 font-normal">
                    Password variable
                  </th>
                  <th scope="col" className="p-3 font-normal">
                    Here
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink/10">
                {panel.data.accounts.map((a) => (
                  <tr key={a.role}>
                    <td className={`${cell} capitalize`}>{a.role}</td>
                    <td className={`${cell} break-all`}>{a.email}</td>
                    <td className={`${cell} font-mono text-xs`}>{a.passwordVariable}</td>
                    <td className={cell}>{a.exists ? "Yes" : "Not in this database"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <div className="mt-4">
            <NotLoaded query={panel} label="demo accounts" />
          </div>
        )}
      </Section>

      <Section title="Manual pass">
        <p className="mt-2 max-w-2xl text-sm text-stone">
          One walk through the product, best on a phone (crawlers and link-preview bots are not counted as scans).
        </p>
        <ol className="mt-4 flex max-w-2xl list-decimal flex-col gap-3 pl-6 text-sm">
          <li>Press 'Reset test data' above: mb-001 and ss-002 show as unclaimed.</li>
          <li>
            Signed out, open <code>/t/mb-001</code>: the tap sends a visitor to the claim page, which asks to sign in
            and remembers the claim.
          </li>
          <li>
            Sign in as the demo visitor (or sign up; locally the verification mail is in <code>/dev/outbox</code>). On
            'Claim Your Garment' press 'Claim &amp; Add to My Wardrobe': the garment is in the wardrobe (a new account
            first sets up its profile).
          </li>
          <li>
            Still signed in, open <code>/t/mb-001</code> again: the owner lands on the garment's own page in the
            dashboard.
          </li>
          <li>
            In a private window (signed out), open <code>/t/mb-001</code>: the owner's card shows only what they share.
            'Save … contact or share this card' opens 'Save contact' (a vCard) and the card's QR code. Below, fill in
            'Share Your Contact Info' (a first name and an email or phone) and press 'Connect with …': 'Successfully
            Connected!'.
          </li>
          <li>Back as the owner, open Connections: the visitor is listed with the garment; mark them contacted.</li>
          <li>
            As the admin, the taps show in Scan History on the NFC dashboard. Deactivate mb-001 under 'Registered &amp;
            Claimed' and tap it again: 'Invalid garment link'. Activate it again.
          </li>
          <li>Press 'Reset test data': the next tap of mb-001 opens the claim page again.</li>
        </ol>
      </Section>
    </div>
  );
}
