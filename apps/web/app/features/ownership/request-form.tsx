import { TRANSFER_REQUEST_MESSAGE_MAX } from "@releve/core/ownership/transfer";
import { m } from "@releve/i18n/messages";
import { Form } from "react-router";
import { SubmitButton } from "../../components/submit-button";

/**
 * On the claim page of someone else's piece (issue #32): its new holder asks the owner to hand
 * it over, with an optional note. Neither learns the other's contact details from it.
 */
export function TransferRequestForm({
  sentUntil,
  refusal,
}: {
  sentUntil: string | null;
  refusal: { requestError: string; message: string } | null;
}) {
  if (sentUntil) {
    return (
      <section aria-labelledby="request-title" className="mt-8 border-t border-ink/10 pt-6">
        <h2 id="request-title" className="font-display text-xl">
          {m.transfer_requested()}
        </h2>
        <p className="mt-2 text-sm text-stone">{m.transfer_requested_until({ date: sentUntil })}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="request-title" className="mt-8 border-t border-ink/10 pt-6">
      <h2 id="request-title" className="font-display text-xl">
        {m.transfer_is_yours()}
      </h2>
      <p className="mt-2 text-sm text-stone">{m.transfer_ask_intro()}</p>
      <Form method="post" className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="intent" value="request-transfer" />
        <label htmlFor="transfer-message" className="text-sm">
          {m.transfer_note_label()}
        </label>
        <textarea
          id="transfer-message"
          name="message"
          rows={3}
          maxLength={TRANSFER_REQUEST_MESSAGE_MAX}
          defaultValue={refusal?.message ?? ""}
          aria-describedby={refusal ? "request-error" : undefined}
          className="border border-ink/20 bg-white p-3 text-sm"
        />
        {refusal && (
          <p id="request-error" role="alert" className="text-sm text-danger">
            {refusal.requestError}
          </p>
        )}
        <SubmitButton
          variant="secondary"
          busyLabel={m.site_sending()}
          pending={(n) => n.formData?.get("intent") === "request-transfer"}
        >
          {m.transfer_request_button()}
        </SubmitButton>
      </Form>
    </section>
  );
}
