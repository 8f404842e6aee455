import type { AdminTag } from "@releve/core/tags/contracts";
import type { TagAction } from "@releve/core/tags/rules";
import { TextAreaField } from "@releve/ui";
import { type FormEvent, useId, useRef, useState } from "react";
import { useNotify } from "../../notify";
import { DialogActions, Modal } from "../../ui";
import { ACTION_DONE, ACTION_LABELS, STATUS_LABELS } from "./labels";
import { actionsFor, isDangerAction, REASON_MAX, reasonProblem } from "./lifecycle";
import { useTagAction } from "./queries";

/** 'Change status': one lifecycle action with its reason (kept in the audit log). */
export function TagActionDialog({ tag, onClose }: { tag: AdminTag; onClose: () => void }) {
  const actions = actionsFor(tag);
  const [action, setAction] = useState<TagAction | null>(actions[0] ?? null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonBox = useRef<HTMLDivElement>(null);
  const changing = useTagAction();
  const notify = useNotify();
  const legendId = useId();
  const name = tag.garment?.title ?? tag.chipId;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!action) return;
    const problem = reasonProblem(reason);
    if (problem) {
      setReasonError(problem);
      reasonBox.current?.querySelector("textarea")?.focus();
      return;
    }
    changing.mutate(
      { tag, action, reason: reason.trim() },
      {
        onSuccess: (updated) => {
          notify({
            type: "success",
            title: ACTION_DONE[action],
            description: `${tag.chipId} · now ${STATUS_LABELS[updated.status].toLowerCase()}`,
          });
          onClose();
        },
      },
    );
  }

  return (
    <Modal title={`Change status: ${name}`} onClose={onClose}>
      <p className="mt-2 text-sm text-stone">
        {tag.chipId} · {STATUS_LABELS[tag.status]}
        {tag.owner ? ` · owned by ${tag.owner.name}` : " · no owner"}
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
        <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
          <legend id={legendId} className="text-xs font-medium uppercase tracking-[0.16em]">
            Action
          </legend>
          {actions.map((a) => (
            <label key={a} className="flex min-h-9 items-center gap-3 text-sm">
              <input
                type="radio"
                name="action"
                value={a}
                checked={action === a}
                onChange={() => {
                  setAction(a);
                  changing.reset();
                }}
                className="size-4 accent-ink"
              />
              {ACTION_LABELS[a]}
            </label>
          ))}
        </fieldset>
        {action === "release" && (
          <p className="border-l-2 border-gold bg-gold/10 px-3 py-2 text-sm">
            Releasing clears the owner: {tag.owner?.name ?? "the owner"} no longer owns this garment, and the next tap
            offers the claim to whoever holds it.
          </p>
        )}
        <div ref={reasonBox}>
          <TextAreaField
            label="Reason *"
            name="reason"
            value={reason}
            maxLength={REASON_MAX}
            onChange={(e) => {
              setReason(e.target.value);
              if (reasonError && e.target.value.trim()) setReasonError(undefined);
            }}
            error={reasonError}
            required
            aria-required
          />
        </div>
        {changing.isError && (
          <p role="alert" className="text-sm text-danger">
            {changing.error.message}
          </p>
        )}
        <DialogActions
          onCancel={onClose}
          submitLabel={action ? ACTION_LABELS[action] : "Change status"}
          pendingLabel="Saving..."
          pending={changing.isPending}
          disabled={!action}
          variant={isDangerAction(action) ? "danger" : "primary"}
        />
      </form>
    </Modal>
  );
}
