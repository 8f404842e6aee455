import { Button } from "@releve/ui";
import { type ComponentProps, type ReactNode, useEffect, useRef } from "react";
import { useNavigation } from "react-router";

export type PendingNavigation = ReturnType<typeof useNavigation>;

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, "type" | "disabled"> & {
  busyLabel: ReactNode;
  /** Which submission is this button's when a page has several forms (default: any). */
  pending?: (navigation: PendingNavigation) => boolean;
  /** Busy from elsewhere (a fetcher, a dialog's own state), instead of the page's navigation. */
  busy?: boolean;
  /** Disabled for another reason than being busy. */
  disabled?: boolean;
};

/**
 * A form's submit button: disabled and relabelled while its form is being sent. On a plain
 * page (decision 0020) the server renders it idle and the inline script does the same job,
 * saying the busy label it finds in `data-busy-label` (decision 0049).
 *
 * When its form comes back refused, the eye goes to the refusal (issue #49): the form's alert,
 * else its first field in error, takes the focus (and a phone scrolls to it).
 */
export function SubmitButton({ busyLabel, pending, busy, disabled, children, ...props }: SubmitButtonProps) {
  const navigation = useNavigation();
  const sending = busy ?? (navigation.state === "submitting" && (pending?.(navigation) ?? true));
  const ref = useRef<HTMLButtonElement>(null);
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending) focusRefusal(ref.current?.form ?? null);
    wasSending.current = sending;
  }, [sending]);
  return (
    <Button
      ref={ref}
      type="submit"
      disabled={sending || disabled}
      aria-busy={sending}
      data-busy-label={typeof busyLabel === "string" ? busyLabel : undefined}
      {...props}
    >
      {sending ? busyLabel : children}
    </Button>
  );
}

/** Moves the focus to a refused form's alert or first field in error; nothing when it has none (a success). */
function focusRefusal(form: HTMLFormElement | null) {
  const refusal = form?.querySelector<HTMLElement>('[role="alert"], [aria-invalid="true"]');
  if (!refusal || refusal.contains(document.activeElement)) return;
  refusal.focus();
  refusal.scrollIntoView({ block: "center" });
}
