import { m } from "@releve/i18n/messages";
import { useState } from "react";
import { useNavigate } from "react-router";

/** Spec part 2 §9: the demo tap opens the profile after 1.5 s. */
const DEMO_TAP_DELAY_MS = 1500;

/**
 * The interactive demo: a pretend tap on a pretend label, clearly marked as a demo, that opens
 * the demo owner's real share page. A plain link underneath, so it works without JavaScript.
 */
export function DemoTap({ href }: { href: string }) {
  const navigate = useNavigate();
  const [reading, setReading] = useState(false);
  return (
    <div className="flex flex-col items-center gap-6">
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault();
          if (reading) return;
          setReading(true);
          setTimeout(() => navigate(href), DEMO_TAP_DELAY_MS);
        }}
        aria-describedby="demo-tap-note"
        className="group relative grid size-56 place-items-center rounded-full border border-gold/40 bg-ivory text-center transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold"
      >
        <span aria-hidden className="absolute inset-6 rounded-full border border-dashed border-gold/60" />
        <span aria-hidden className="absolute inset-12 rounded-full border border-dashed border-gold/40" />
        <span className="relative flex flex-col items-center gap-2">
          <span className="font-display text-xl tracking-[0.3em]">RELEVÉ</span>
          <span className="text-xs uppercase tracking-[0.2em] text-stone">
            {reading ? m.site_demo_tap_reading() : m.site_demo_tap_label()}
          </span>
        </span>
      </a>
      <p id="demo-tap-note" className="max-w-sm text-center text-sm text-stone">
        {m.site_demo_tap_note()}
      </p>
      <p role="status" className="sr-only">
        {reading ? m.site_demo_tap_status() : ""}
      </p>
    </div>
  );
}
