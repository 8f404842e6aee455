import { useState } from "react";

/** How an on/off switch looks: a checkbox drawn as a track and a knob. */
export const SWITCH_CLASS =
  "h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-ink/20 bg-[radial-gradient(circle_at_12px_50%,white_9px,transparent_10px)] transition-all checked:bg-ink checked:bg-[radial-gradient(circle_at_32px_50%,white_9px,transparent_10px)] disabled:cursor-not-allowed disabled:opacity-50";

/** A labelled on/off switch that is a real checkbox (works without JavaScript, read by screen readers). */
export function SwitchField({
  name,
  label,
  defaultChecked,
  description,
  states,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  description?: string;
  /** What on and off mean, said as the switch stands (issue #49: a label never contradicts the state). */
  states?: { on: string; off: string };
}) {
  const [on, setOn] = useState(defaultChecked);
  const said = states ? (on ? states.on : states.off) : description;
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4">
      <span className="flex flex-col text-sm">
        <span>{label}</span>
        {said && <span className="text-xs text-stone">{said}</span>}
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        name={name}
        defaultChecked={defaultChecked}
        onChange={(e) => setOn(e.target.checked)}
        className={SWITCH_CLASS}
      />
    </label>
  );
}
