import { Button } from "@releve/ui";
import { toast } from "sonner";

/** Copies a value; says so (spec: '{label} copied to clipboard' / 'Failed to copy to clipboard'). */
export function CopyButton({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copied to clipboard`);
    } catch {
      toast.error("Failed to copy to clipboard");
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={copy}
      aria-label={`Copy ${label.toLowerCase()}`}
      className="min-h-9 shrink-0 whitespace-nowrap px-3"
    >
      Copy
    </Button>
  );
}
