import { m } from "@releve/i18n/messages";
import { Button } from "@releve/ui";
import { useEffect, useState } from "react";
import { toast } from "sonner";

/**
 * 'Share': the phone's own share sheet (the Web Share API) for a link (issue #49). Shown only
 * where the browser has one (most phones; few desktops); the Copy button beside it serves the
 * rest. Closing the sheet without sharing says nothing; a refusal says it could not.
 */
export function ShareButton({ label, title, url }: { label: string; title: string; url: string }) {
  const [canShare, setCanShare] = useState(false);
  useEffect(() => {
    setCanShare(typeof navigator.share === "function" && (navigator.canShare?.({ title, url }) ?? true));
  }, [title, url]);
  if (!canShare) return null;
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast.error(m.ui_share_failed());
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={share}
      aria-label={m.ui_share_label({ label: label.toLowerCase() })}
      className="min-h-9 shrink-0 whitespace-nowrap px-3"
    >
      {m.ui_share()}
    </Button>
  );
}
