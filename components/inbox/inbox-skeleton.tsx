import { Card } from "@/components/ui";

/** Placeholder rows while the inbox loads. */
export function InboxSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="grid gap-4" aria-busy="true">
      <div className="h-8 w-40 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      <Card>
        <span className="sr-only" role="status">
          Loading the inbox
        </span>
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {Array.from({ length: rows }, (_, i) => (
            <li key={i} className="grid gap-2 px-4 py-3">
              <div className="h-4 w-2/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
              <div className="h-3 w-1/3 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
