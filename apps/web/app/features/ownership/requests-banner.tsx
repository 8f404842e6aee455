import { slot, splitSlots } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { Form } from "react-router";
import { SubmitButton } from "../../components/submit-button";

/** A transfer request as the owner's dashboard shows it (issue #32). */
export type RequestToAnswer = {
  id: number;
  piece: string;
  garmentId: number;
  from: string;
  message: string | null;
  asked: string;
  answerBy: string;
};

const pendingFor = (id: number, intent: string) => (n: { formData?: FormData }) =>
  n.formData?.get("transferId") === String(id) && n.formData?.get("intent") === intent;

/**
 * Someone asked for one of the owner's pieces: approve (it moves to them at once) or decline.
 * Silence for 14 days is a decline. The requester never learns who the owner is.
 */
export function RequestsBanner({
  requests,
  error,
}: {
  requests: RequestToAnswer[];
  error: { transferId: number | null; message: string } | null;
}) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="requests-title" className="mt-8 border border-gold/50 bg-white p-6">
      <h2 id="requests-title" className="font-display text-2xl">
        {m.transfer_requests_heading({ count: requests.length })}
      </h2>
      <ul className="mt-4 flex flex-col gap-6">
        {requests.map((r) => (
          <li key={r.id} className="flex flex-col gap-2">
            <p>
              {splitSlots(m.transfer_asked({ from: slot("from"), date: r.asked, piece: slot("piece") })).map((part) =>
                typeof part === "string" ? (
                  part
                ) : part.slot === "from" ? (
                  <span key={part.slot} className="font-medium">
                    {r.from}
                  </span>
                ) : (
                  <a
                    key={part.slot}
                    href={`/dashboard/garment/${r.garmentId}`}
                    className="underline underline-offset-4"
                  >
                    {r.piece}
                  </a>
                ),
              )}
            </p>
            {r.message && (
              <blockquote className="border-l-2 border-ink/20 pl-3 text-sm text-stone">{r.message}</blockquote>
            )}
            <p className="text-xs text-stone">{m.transfer_unanswered({ date: r.answerBy })}</p>
            {error?.transferId === r.id && (
              <p role="alert" className="text-sm text-danger">
                {error.message}
              </p>
            )}
            <div className="flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="transferId" value={r.id} />
                <input type="hidden" name="intent" value="approve-transfer" />
                <SubmitButton busyLabel={m.transfer_approving()} pending={pendingFor(r.id, "approve-transfer")}>
                  {m.transfer_approve()}
                </SubmitButton>
              </Form>
              <Form method="post">
                <input type="hidden" name="transferId" value={r.id} />
                <input type="hidden" name="intent" value="decline-transfer" />
                <SubmitButton
                  variant="secondary"
                  busyLabel={m.transfer_declining()}
                  pending={pendingFor(r.id, "decline-transfer")}
                >
                  {m.transfer_decline()}
                </SubmitButton>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
