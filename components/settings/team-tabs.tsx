import Link from "next/link";
import type { Membership } from "@openoxide/questions-core/auth/session";
import { cn } from "../ui";

/** Switches between the teams the user administers (server-rendered links, no client state). */
export function TeamTabs({ teams, current, base = "/settings" }: { teams: Membership[]; current: string; base?: string }) {
  if (teams.length < 2) return null;
  return (
    <nav aria-label="Teams" className="flex flex-wrap gap-1">
      {teams.map((t) => (
        <Link
          key={t.teamId}
          href={`${base}?team=${encodeURIComponent(t.teamSlug)}`}
          aria-current={t.teamId === current ? "page" : undefined}
          className={cn(
            "rounded-md border px-2.5 py-1 text-sm",
            t.teamId === current
              ? "border-orange-500 bg-orange-50 text-orange-800 dark:bg-orange-950 dark:text-orange-200"
              : "border-zinc-200 text-zinc-600 hover:bg-zinc-50 dark:border-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-900",
          )}
        >
          {t.teamName}
        </Link>
      ))}
    </nav>
  );
}
