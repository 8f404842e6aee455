import { Link } from "react-router";

/** The owner pages' back link ('← Dashboard'), spec part 2 §2. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="text-xs uppercase tracking-[0.2em] text-stone underline-offset-4 hover:underline">
      <span aria-hidden>← </span>
      {children}
    </Link>
  );
}
