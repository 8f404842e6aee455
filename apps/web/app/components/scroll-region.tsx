import type { ReactNode } from "react";

/**
 * A wide table's box, scrolled sideways on a phone when its columns do not fit (French headings
 * run longer): a named region the keyboard can reach and scroll (WCAG 2.1.1; axe's
 * scrollable-region-focusable), named as its table's caption, with a visible focus ring.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
      tabIndex={0}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold ${className}`}
    >
      {children}
    </section>
  );
}
