import { m } from "@releve/i18n/messages";
import { useEffect } from "react";
import { Toaster as Sonner, toast as showToast } from "sonner";
import type { Toast } from "../lib/toast";

export function Toaster({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "info" ? showToast : showToast[toast.type];
    // Defer a tick so the toaster has mounted on first hydration.
    const timer = setTimeout(() => show(toast.title, { id: toast.id, description: toast.description }), 0);
    return () => clearTimeout(timer);
  }, [toast]);

  // At the foot of the screen (issue #49): never over the header's buttons, nor over what a
  // change puts at the top of the page (a new transfer link and its Copy button, a new event's
  // card). On a phone it spans the width above the bottom edge; on a desktop, in the corner.
  return (
    <Sonner
      position="bottom-right"
      mobileOffset={{ bottom: 16 }}
      closeButton
      containerAriaLabel={m.ui_notifications()}
      toastOptions={{ className: "font-sans", closeButtonAriaLabel: m.ui_close_notification() }}
    />
  );
}
