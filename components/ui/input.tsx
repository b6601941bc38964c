import type { ComponentProps } from "react";
import { cn } from "./cn";

export const fieldClass = cn(
  "block w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 shadow-xs",
  "placeholder:text-zinc-400 focus:border-orange-500 focus:outline-2 focus:outline-orange-500/30",
  "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500",
  "dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500",
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClass, "h-9", className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(fieldClass, "h-9 pr-8", className)} {...props} />;
}
