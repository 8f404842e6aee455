import { m } from "@releve/i18n/messages";
import { buttonClass, TextField } from "@releve/ui";
import { Form } from "react-router";
import { SubmitButton } from "../../components/submit-button";

/** The profile page's 'Your data' (issue #33): download it all, or delete the account. */
export function DataRightsForms({ deleteError }: { deleteError?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-10">
      <section aria-labelledby="your-data-title" className="flex flex-col gap-3">
        <h2 id="your-data-title" className="font-display text-xl">
          {m.account_download_data()}
        </h2>
        <p className="text-sm text-stone">{m.account_download_data_lead()}</p>
        <a
          href="/profile-setup/my-data.json"
          download
          className={buttonClass("secondary", "w-full sm:w-auto sm:self-start")}
        >
          {m.account_download_data()}
        </a>
      </section>

      <Form
        method="post"
        className="flex flex-col gap-4 border border-danger/40 bg-white p-5"
        aria-labelledby="delete-title"
      >
        <input type="hidden" name="intent" value="delete-account" />
        <h2 id="delete-title" className="font-display text-xl">
          {m.account_delete_title()}
        </h2>
        <p className="text-sm text-stone">{m.account_delete_explain()}</p>
        <TextField
          type="password"
          label={m.account_delete_password()}
          name="password"
          autoComplete="current-password"
          required
          error={deleteError}
        />
        <SubmitButton
          busyLabel={m.account_deleting()}
          variant="danger"
          pending={(n) => n.formData?.get("intent") === "delete-account"}
          className="w-full sm:w-auto sm:self-start"
        >
          {m.account_delete_button()}
        </SubmitButton>
      </Form>
    </div>
  );
}
