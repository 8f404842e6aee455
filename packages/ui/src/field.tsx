import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/**
 * A field's focus: its border darkens, and the house ring (the gold outline every button and link
 * has, app.css) shows where the keyboard is (WCAG 2.4.7; issue #35: a darker border alone was
 * hard to see).
 */
export const FIELD_FOCUS =
  "focus:border-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold";

/** A labelled input whose error and hint are announced with it (aria-describedby). */
export function TextField({ label, name, error, hint, className = "", ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium uppercase tracking-[0.16em] text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        className={`min-h-11 w-full min-w-0 border bg-white px-3 text-base text-ink transition-colors ${FIELD_FOCUS} ${
          error ? "border-danger" : "border-ink/20"
        }`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-xs text-stone">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: string;
}

/** A labelled multi-line field; its error is announced with it. */
export function TextAreaField({ label, name, error, className = "", rows = 3, ...area }: TextAreaFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium uppercase tracking-[0.16em] text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={`w-full min-w-0 border bg-white px-3 py-2 text-base text-ink transition-colors ${FIELD_FOCUS} ${
          error ? "border-danger" : "border-ink/20"
        }`}
        {...area}
      />
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A form-level message, announced to screen readers as soon as it appears, and where the eye is
 * (issue #49): it takes the focus when it appears, so a phone scrolls to it, on a page the server
 * renders alone (the `autofocus` attribute) as on a hydrated one (React focuses it as it mounts).
 */
export function FormAlert({
  title,
  children,
  className,
}: {
  title?: string;
  children: React.ReactNode;
  /** Placement in the form's layout (a margin, a grid span). */
  className?: string;
}) {
  return (
    <div
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: a refusal is what the person must read next (issue #49).
      autoFocus
      className={[
        "scroll-mt-24 border-l-2 border-danger bg-danger/5 px-4 py-3 text-sm text-danger focus:outline-none",
        className,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      {title && <p className="font-medium">{title}</p>}
      <p>{children}</p>
    </div>
  );
}
