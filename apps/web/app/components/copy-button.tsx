import { m } from "@releve/i18n/messages";
import { Button } from "@releve/ui";
import { toast } from "sonner";

/** Copies a value; says so (spec: '{label} copied to clipboard' / 'Failed to copy to clipboard'). */
export function CopyButton({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(m.ui_copied({ label }));
    } catch {
      toast.error(m.ui_copy_failed());
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={copy}
      aria-label={m.ui_copy_label({ label: label.toLowerCase() })}
      className="min-h-9 shrink-0 whitespace-nowrap px-3"
    >
      {m.ui_copy()}
    </Button>
  );
}
