import { FIELD_FOCUS } from "@releve/ui";
import { type SelectHTMLAttributes, useId } from "react";

type ChoiceFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  label: string;
  name: string;
  /** The choices as [value, label]; the first option is `placeholder` with the empty value. */
  options: ReadonlyArray<readonly [string, string]>;
  placeholder: string;
  error?: string;
};

/** A labelled select in the TextField style (@releve/ui), its error announced with it. */
export function ChoiceField({ label, name, options, placeholder, error, className = "", ...select }: ChoiceFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium uppercase tracking-[0.16em] text-ink">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={`min-h-11 w-full min-w-0 border bg-white px-3 text-base text-ink transition-colors ${FIELD_FOCUS} ${
          error ? "border-danger" : "border-ink/20"
        }`}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
