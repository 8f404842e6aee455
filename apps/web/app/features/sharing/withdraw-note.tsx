import { WITHDRAW_MESSAGES } from "@releve/core/sharing/withdraw";

/** Under a success message: the visitor's private link to take their details back (issue #33). */
export function WithdrawNote({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <p className="mt-5 border-t border-ink/10 pt-4 text-sm text-stone">
      {WITHDRAW_MESSAGES.linkHint}{" "}
      <a href={href} className="whitespace-nowrap text-ink underline underline-offset-4">
        {WITHDRAW_MESSAGES.link}
      </a>
    </p>
  );
}
