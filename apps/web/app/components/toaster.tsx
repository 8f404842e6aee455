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

  // On a phone a toast spans the width: it opens below the site header (two rows there), so it
  // never covers the header's buttons (a Logout under a toast could not be tapped until it went).
  return (
    <Sonner
      position="top-center"
      mobileOffset={{ top: 120 }}
      closeButton
      richColors
      containerAriaLabel={m.ui_notifications()}
      toastOptions={{ className: "font-sans", closeButtonAriaLabel: m.ui_close_notification() }}
    />
  );
}
