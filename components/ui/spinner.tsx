import { cn } from "./cn";

/** An accessible busy indicator: announced as `label` (role status). */
export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center gap-2 text-sm text-zinc-500", className)}>
      <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-zinc-300 border-t-zinc-700 dark:border-zinc-700 dark:border-t-zinc-200" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
