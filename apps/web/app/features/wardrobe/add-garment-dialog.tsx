import { slot, splitSlots } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { Button, buttonClass, FormAlert, TextField } from "@releve/ui";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { SubmitButton } from "../../components/submit-button";
import type { ClaimFailure } from "./claim.server";

/**
 * 'Add Garment' (spec part 1 §2): a dialog titled 'Register New Piece' that takes the code on
 * a label. Submit stays disabled while the code is blank after trimming (§5), reads 'Adding...'
 * while sent, and the dialog closes and clears once the piece is in the wardrobe (the action
 * redirects back here with it highlighted, or to the details step of a pool tag).
 */
export function AddGarmentDialog() {
  const fetcher = useFetcher<ClaimFailure>();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<ClaimFailure["error"] | null>(null);
  const sent = useRef(false);
  const seen = useRef(fetcher.data);

  useEffect(() => {
    if (fetcher.state !== "idle") {
      sent.current = true;
      return;
    }
    if (!sent.current) return;
    sent.current = false;
    // A redirect (success) leaves the fetcher's data as it was: only a new answer is an error.
    const fresh = fetcher.data !== seen.current;
    seen.current = fetcher.data;
    if (fresh && fetcher.data?.error) {
      setError(fetcher.data.error);
      return;
    }
    setError(null);
    setCode("");
    dialog.current?.close();
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <Button type="button" onClick={() => dialog.current?.showModal()}>
        {m.wardrobe_add_garment()}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => setError(null)}
        className="m-auto w-[min(100vw-1.5rem,28rem)] bg-ivory p-0 text-ink backdrop:bg-ink/60"
      >
        <fetcher.Form method="post" className="flex flex-col gap-5 p-6">
          <input type="hidden" name="intent" value="add" />
          <h2 id={titleId} className="font-display text-3xl">
            {m.wardrobe_register_new_piece()}
          </h2>
          <p className="text-sm text-stone">
            {splitSlots(m.wardrobe_add_intro({ link: slot("link") })).map((part) =>
              typeof part === "string" ? (
                part
              ) : (
                <Link key={part.slot} to="/tap-register" className="underline underline-offset-4">
                  {m.wardrobe_add_intro_link()}
                </Link>
              ),
            )}
          </p>
          <TextField
            label={m.wardrobe_garment_code()}
            name="code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={300}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            hint={m.wardrobe_add_code_hint()}
            error={error?.status === "empty" ? error.message : undefined}
          />
          {error && error.status !== "empty" && <FormAlert title={error.title}>{error.message}</FormAlert>}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className={buttonClass("ghost")} onClick={() => dialog.current?.close()}>
              {m.wardrobe_cancel()}
            </button>
            <SubmitButton busy={fetcher.state !== "idle"} busyLabel={m.wardrobe_adding()} disabled={code.trim() === ""}>
              {m.wardrobe_add_garment()}
            </SubmitButton>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}
