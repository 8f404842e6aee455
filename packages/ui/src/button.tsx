import type { AnchorHTMLAttributes, ComponentProps } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
/** `sm` is the denser size of the admin portal's row actions and pagers. */
export type ButtonSize = "md" | "sm";

const base =
  "inline-flex items-center justify-center gap-2 rounded-none text-center text-xs font-medium uppercase tracking-[0.18em] transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:cursor-not-allowed disabled:opacity-50";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-ink text-ivory hover:bg-ink/85",
  secondary: "border border-ink text-ink hover:bg-ink hover:text-ivory",
  ghost: "text-ink underline-offset-4 hover:underline",
  danger: "border border-danger text-danger hover:bg-danger hover:text-ivory",
};

const sizes: Record<ButtonSize, string> = { md: "min-h-11 px-5 py-2", sm: "min-h-9 px-3" };

export function buttonClass(variant: ButtonVariant = "primary", extra = "", size: ButtonSize = "md"): string {
  return [base, sizes[size], variants[variant], extra].filter(Boolean).join(" ");
}

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, className, size)} {...props} />;
}

export function ButtonAnchor({
  variant = "primary",
  size = "md",
  className = "",
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <a className={buttonClass(variant, className, size)} {...props} />;
}
