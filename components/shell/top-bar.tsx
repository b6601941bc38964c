import Link from "next/link";
import type { SessionUser } from "@openoxide/questions-core/auth/session";
import { ThemeToggle } from "../theme-toggle";
import { NavLinks, type NavItem } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

export function TopBar({ user }: { user: SessionUser }) {
  const items: NavItem[] = [
    { href: "/inbox", label: "Inbox" },
    // Every member has a history: leads see the team's decisions, reviewers their own.
    ...(user.memberships.length ? [{ href: "/history", label: "History" }] : []),
    // Leads see their team's figures, reviewers their own.
    ...(user.memberships.length ? [{ href: "/insights", label: "Insights" }] : []),
    { href: "/settings", label: "Settings" },
  ];
  return (
    <header className="sticky top-0 z-20 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="mx-auto flex h-12 max-w-6xl items-center gap-3 px-3 sm:px-4">
        <Link
          href="/inbox"
          className="flex shrink-0 items-center gap-2 rounded-md text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500"
        >
          <span aria-hidden className="grid size-6 place-items-center rounded bg-orange-600 text-xs font-bold text-white">
            ?
          </span>
          {/* On phones the name is for screen readers only: the link keeps its accessible name. */}
          <span className="sr-only sm:not-sr-only">OpenOxide Questions</span>
        </Link>
        <NavLinks items={items} />
        <div className="ml-auto flex min-w-0 items-center gap-1">
          <span className="hidden truncate text-xs text-zinc-600 md:inline dark:text-zinc-400" title={user.email}>
            {user.email}
          </span>
          <ThemeToggle />
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
