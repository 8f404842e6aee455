import { HONEYPOT_FIELD } from "@releve/core/platform/input-limits";
import { m } from "@releve/i18n/messages";
import { useId } from "react";

/**
 * Off-screen, out of the tab order and of the accessibility tree. The action checks every
 * value sent under its name (`FormInput.filled`), so sending it twice cannot skip the check.
 */
export function Honeypot() {
  const id = useId();
  return (
    <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{m.ui_honeypot()}</label>
      <input id={id} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
