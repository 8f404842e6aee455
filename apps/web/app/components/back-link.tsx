import { Link } from "react-router";

const OFFSETS = { 4: "underline-offset-4", 8: "underline-offset-8" } as const;

/** A page's back link ('← Dashboard'), spec part 2 §2. */
export function BackLink({
  to,
  children,
  underlineOffset = 4,
}: {
  to: string;
  children: React.ReactNode;
  underlineOffset?: keyof typeof OFFSETS;
}) {
  return (
    <Link
      to={to}
      className={`text-xs uppercase tracking-[0.2em] text-stone ${OFFSETS[underlineOffset]} hover:underline`}
    >
      <span aria-hidden>← </span>
      {children}
    </Link>
  );
}
