import type { ReactNode } from "react";
import { Form } from "react-router";
import { SubmitButton } from "./submit-button";

type Words = { title: string; detail: string };

/**
 * A page a signed link opens without an account (issue #33: unsubscribe, withdraw): it asks,
 * its button does the one thing and the page says what it did; a link that is not valid says so
 * as an alert. GET never changes anything (a mail scanner's prefetch).
 */
export function TokenPage({
  state,
  invalid,
  done,
  confirm,
  after,
}: {
  state: "invalid" | "done" | "confirm";
  invalid: Words;
  done: Words;
  confirm: Words & { button: string; busyLabel: string; fields?: Record<string, string> };
  /** Where to go next, under a refusal or a result. */
  after: ReactNode;
}) {
  const shown = state === "invalid" ? invalid : state === "done" ? done : null;
  return (
    <section className="mx-auto w-full max-w-md px-5 py-14 sm:py-20">
      {shown ? (
        <div role={state === "invalid" ? "alert" : "status"}>
          <h1 className="font-display text-3xl">{shown.title}</h1>
          <p className="mt-4 text-stone">{shown.detail}</p>
          <p className="mt-8">{after}</p>
        </div>
      ) : (
        <>
          <h1 className="font-display text-3xl">{confirm.title}</h1>
          <p className="mt-4 text-stone">{confirm.detail}</p>
          <Form method="post" className="mt-8">
            {Object.entries(confirm.fields ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <SubmitButton busyLabel={confirm.busyLabel} className="w-full sm:w-auto">
              {confirm.button}
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
