import { m } from "@releve/i18n/messages";
import { Form } from "react-router";
import { CopyButton } from "../../components/copy-button";
import { ShareButton } from "../../components/share-button";
import { SubmitButton } from "../../components/submit-button";

/** A live transfer link as the garment page shows it again to its owner. */
export type LiveTransfer = { url: string; qr: string; expires: string };

const intentOf = (form: FormData | undefined) => form?.get("intent");

/** One ownership step: a form posting its `intent`, its button busy while that step is being sent. */
function StepButton({
  intent,
  label,
  busyLabel,
  variant = "secondary",
}: {
  intent: string;
  label: string;
  busyLabel: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton variant={variant} busyLabel={busyLabel} pending={(n) => intentOf(n.formData) === intent}>
        {label}
      </SubmitButton>
    </Form>
  );
}

/**
 * The owner's ownership steps on their garment page (issue #32): hand the piece over with a
 * one-time link (and its QR for a hand-over in person), cancel it, or let the piece go.
 * Each form posts an `intent` to the page's own action (ownershipStep).
 */
export function OwnershipPanel({ transfer, error }: { transfer: LiveTransfer | null; error: string | null }) {
  return (
    <section id="ownership" aria-labelledby="ownership-title" className="border border-ink/10 bg-white p-6">
      <h2 id="ownership-title" className="font-display text-2xl">
        {m.transfer_ownership()}
      </h2>
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      {transfer ? (
        <div className="mt-4 flex flex-col gap-4">
          <p className="text-sm text-stone">{m.transfer_link_intro({ date: transfer.expires })}</p>
          <div className="flex items-center justify-between gap-3">
            <code className="min-w-0 truncate text-sm">{transfer.url}</code>
            <div className="flex shrink-0 gap-2">
              <ShareButton label={m.transfer_link_label()} title={m.transfer_piece_for_you()} url={transfer.url} />
              <CopyButton label={m.transfer_link_label()} value={transfer.url} />
            </div>
          </div>
          <img src={transfer.qr} alt={m.transfer_qr_alt()} width={176} height={176} className="size-44 self-center" />
          <div className="flex flex-wrap gap-3">
            <StepButton intent="cancel-transfer" label={m.transfer_cancel()} busyLabel={m.transfer_cancelling()} />
            <StepButton intent="transfer" label={m.transfer_new_link()} busyLabel={m.transfer_creating()} />
          </div>
        </div>
      ) : (
        <div className="mt-4">
          <p className="text-sm text-stone">{m.transfer_offer_intro()}</p>
          <div className="mt-4">
            <StepButton
              intent="transfer"
              label={m.transfer_ownership_button()}
              busyLabel={m.transfer_creating()}
              variant="primary"
            />
          </div>
        </div>
      )}
      <details className="mt-6 border-t border-ink/10 pt-4">
        <summary className="cursor-pointer text-sm underline underline-offset-4">{m.transfer_remove_summary()}</summary>
        <p className="mt-3 text-sm text-stone">{m.transfer_remove_text()}</p>
        <div className="mt-3">
          <StepButton
            intent="release"
            label={m.transfer_remove_it()}
            busyLabel={m.transfer_removing()}
            variant="danger"
          />
        </div>
      </details>
    </section>
  );
}
