import type { ButtonHTMLAttributes, Ref } from "react";
import { cn } from "./cn";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "on-dark";
type Variant = ButtonVariant;
export type ButtonSize = "sm" | "md";
type Size = ButtonSize;

const variants: Record<Variant, string> = {
  // Disabled fills fade (opacity) rather than switch to a lighter shade: in dark mode the lighter
  // shade is darker, and its dark label all but vanished.
  primary: "bg-accent-600 text-white shadow-sm hover:bg-accent-700 disabled:bg-accent-600 disabled:opacity-50 dark:text-black",
  secondary:
    "bg-white text-zinc-800 ring-1 ring-inset ring-zinc-300 shadow-sm hover:bg-zinc-50 disabled:text-zinc-400",
  ghost: "text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 disabled:text-zinc-400",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-600 disabled:opacity-50 dark:text-black",
  "on-dark": "text-zinc-300 hover:bg-white/10 hover:text-white",
};

const sizes: Record<Size, string> = {
  sm: "h-8 gap-1.5 px-2.5 text-sm",
  md: "h-10 gap-2 px-4 text-sm",
};

export function buttonClasses(variant: Variant = "primary", size: Size = "md", extra?: string): string {
  return cn(
    "inline-flex shrink-0 items-center justify-center rounded-lg font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed",
    variants[variant],
    sizes[size],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, busy, className, children, disabled, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
