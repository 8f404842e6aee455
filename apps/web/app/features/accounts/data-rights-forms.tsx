import { DELETION_MESSAGES } from "@releve/core/accounts/deletion";
import { buttonClass, TextField } from "@releve/ui";
import { Form } from "react-router";
import { SubmitButton } from "../../components/submit-button";

/** The profile page's 'Your data' (issue #33): download it all, or delete the account. */
export function DataRightsForms({ deleteError }: { deleteError?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-10">
      <section aria-labelledby="your-data-title" className="flex flex-col gap-3">
        <h2 id="your-data-title" className="font-display text-xl">
          Download my data
        </h2>
        <p className="text-sm text-stone">
          One JSON file with your account, profile and sharing choices, your garments and how long you have owned each,
          the contacts you received, your events, scan statistics, consents and the brand's records about you.
        </p>
        <a
          href="/profile-setup/my-data.json"
          download
          className={buttonClass("secondary", "w-full sm:w-auto sm:self-start")}
        >
          Download my data
        </a>
      </section>

      <Form
        method="post"
        className="flex flex-col gap-4 border border-danger/40 bg-white p-5"
        aria-labelledby="delete-title"
      >
        <input type="hidden" name="intent" value="delete-account" />
        <h2 id="delete-title" className="font-display text-xl">
          {DELETION_MESSAGES.title}
        </h2>
        <p className="text-sm text-stone">{DELETION_MESSAGES.explain}</p>
        <TextField
          type="password"
          label={DELETION_MESSAGES.passwordLabel}
          name="password"
          autoComplete="current-password"
          required
          error={deleteError}
        />
        <SubmitButton
          busyLabel="Deleting..."
          variant="danger"
          pending={(n) => n.formData?.get("intent") === "delete-account"}
          className="w-full sm:w-auto sm:self-start"
        >
          {DELETION_MESSAGES.button}
        </SubmitButton>
      </Form>
    </div>
  );
}
