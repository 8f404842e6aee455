import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { tabIndexAfter } from "./tab-keys";

export type Tab = { id: string; label: string; panel: () => ReactNode };

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active panel renders. */
export function Tabs({ tabs, active, onChange }: { tabs: Tab[]; active: string; onChange: (id: string) => void }) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.id === active),
  );
  const move = (event: KeyboardEvent) => {
    const next = tabIndexAfter(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (tab) onChange(tab.id);
    refs.current[next]?.focus();
  };
  const current = tabs[index];
  return (
    <div className="mt-8">
      <div role="tablist" aria-label="Dashboard sections" className="flex gap-1 overflow-x-auto border-b border-ink/10">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={i === index}
            aria-controls={`${base}-panel`}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={move}
            // The ring is drawn inside the tab: the tab list scrolls sideways, and would cut it off.
            className={`shrink-0 border-b-2 px-3 py-3 text-xs uppercase tracking-[0.14em] focus-visible:outline-offset-[-4px] ${i === index ? "border-ink text-ink" : "border-transparent text-stone"}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${current?.id}`} className="pt-6">
        {current?.panel()}
      </div>
    </div>
  );
}
