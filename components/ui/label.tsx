import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium text-zinc-800 dark:text-zinc-200", className)} {...props} />;
}

/** Small helper text under a field; give it an id and point `aria-describedby` at it. */
export function Hint({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-xs text-zinc-500 dark:text-zinc-400", className)} {...props} />;
}
