import { m } from "@releve/i18n/messages";

/** Under a success message: the visitor's private link to take their details back (issue #33). */
export function WithdrawNote({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <p className="mt-5 border-t border-ink/10 pt-4 text-sm text-stone">
      {m.withdraw_link_hint()}{" "}
      <a href={href} className="whitespace-nowrap text-ink underline underline-offset-4">
        {m.withdraw_link()}
      </a>
    </p>
  );
}
