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

  return <Sonner position="top-center" closeButton richColors toastOptions={{ className: "font-sans" }} />;
}
