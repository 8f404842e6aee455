import type { AdminAppProps } from "@releve/core/platform/admin-portal";
import { createContext, useContext } from "react";

/** The shell's `notify` (its sonner toaster), handed down from AdminApp's props. */
export const NotifyContext = createContext<AdminAppProps["notify"]>(() => {});

export const useNotify = () => useContext(NotifyContext);
