"use client";
// The inbox: the server's snapshot, then live events (created → in, resolved → out), filtered
// on the client by agent and team, with the pending count in the tab title.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { ConnectAgent } from "@/components/shell/connect-agent";
import { Button, Card, CardBody, CardHeader, EmptyState, Kbd, Label, Select, Spinner } from "@/components/ui";
import type { InboxItem, InboxPage, TeamRef } from "@/lib/questions/inbox";
import { FlashNotice } from "./flash";
import { InboxRow } from "./inbox-row";
import { LiveBanner } from "./live-banner";
import { LiveIndicator } from "./live-indicator";
import { fetchInbox, useMoreRows } from "./use-inbox-pages";
import { inboxKey, useLiveSync } from "./use-live-sync";
import { useTabCount } from "./favicon-badge";
import { NotificationsToggle, useDesktopNotifications } from "./notifications";

const TITLE = "Inbox · OpenOxide Questions";

function useFilter(name: string): [string, (v: string) => void] {
  const params = useSearchParams();
  const [value, setValue] = useState(params.get(name) ?? "");
  const set = (v: string) => {
    setValue(v);
    const url = new URL(window.location.href);
    if (v) url.searchParams.set(name, v);
    else url.searchParams.delete(name);
    window.history.replaceState(null, "", url);
  };
  return [value, set];
}

const rowLinks = () => [...document.querySelectorAll<HTMLElement>("[data-inbox-row]")];

/**
 * j/k or ↓/↑ move between rows (Enter opens, as on any link). Past the last row held, j loads the
 * next rows and moves on to the first of them once they are drawn.
 */
function useRowKeys(more: { has: boolean; load: () => Promise<void> }, drawn: unknown) {
  const moreRef = useRef(more);
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    moreRef.current = more;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
      const delta = e.key === "j" || e.key === "ArrowDown" ? 1 : e.key === "k" || e.key === "ArrowUp" ? -1 : 0;
      if (!delta) return;
      const rows = rowLinks();
      if (!rows.length) return;
      e.preventDefault();
      const at = rows.indexOf(document.activeElement as HTMLElement);
      if (at === rows.length - 1 && delta > 0 && moreRef.current.has) {
        focusNext.current = at + 1;
        void moreRef.current.load();
        return;
      }
      focusNext.current = null;
      rows[at === -1 ? (delta > 0 ? 0 : rows.length - 1) : Math.max(0, Math.min(rows.length - 1, at + delta))]!.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  // After the rows the j asked for are drawn.
  useEffect(() => {
    const i = focusNext.current;
    const row = i === null ? undefined : rowLinks()[i];
    if (!row) return;
    focusNext.current = null;
    row.focus();
  }, [drawn]);
}

/** True while `el` is within a screen or so of the viewport. */
function useNearView(el: HTMLElement | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!el) return;
    // Called once at once for the element, then on each crossing.
    const io = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), { rootMargin: "1000px 0px" });
    io.observe(el);
    return () => io.disconnect();
  }, [el]);
  return el !== null && near;
}

/** "waiting": hide requests whose agent is gone; "first": those with an agent waiting first (each part oldest first). */
function byPresence(rows: InboxItem[], mode: string): InboxItem[] {
  const gone = (r: InboxItem) => r.presence?.state === "gone";
  if (mode === "waiting") return rows.filter((r) => !gone(r));
  if (mode === "first") return [...rows.filter((r) => !gone(r)), ...rows.filter(gone)];
  return rows;
}

export function InboxView({ initial, since, teams }: { initial: InboxPage; since: number; teams: TeamRef[] }) {
  const qc = useQueryClient();
  // The server's snapshot wins over an older cache; live events after `since` are replayed on top.
  useEffect(() => {
    qc.setQueryData(inboxKey, initial);
  }, [qc, initial]);
  useLiveSync(since);
  useDesktopNotifications();
  // The page arrives with its first rows (no loading state); a refetch keeps as many as are held.
  const { data, isError, isFetching, refetch } = useQuery({
    queryKey: inboxKey,
    queryFn: ({ signal }) => fetchInbox(qc.getQueryData<InboxPage>(inboxKey)?.data.length ?? 0, signal),
    initialData: initial,
  });
  const [agent, setAgent] = useFilter("agent");
  const [team, setTeam] = useFilter("team");
  const [present, setPresent] = useFilter("presence");

  const total = data.total;
  useTabCount(total, TITLE);

  const agents = useMemo(() => [...new Set(data.data.map((r) => r.agent.name))].sort(), [data]);
  const rows = byPresence(
    data.data.filter((r) => (!agent || r.agent.name === agent) && (!team || r.team.slug === team)),
    present,
  );
  const filtered = Boolean(agent || team || present === "waiting");

  // More rows as the end of the list comes near, and all of them under a filter (which only
  // sees the rows held). One fetch at a time; each drawn page lets the next one start.
  const more = useMoreRows();
  const hasMore = data.data.length < data.total;
  // The list's end, watched from whichever element shows it now (filters swap the list out).
  const [end, setEnd] = useState<HTMLDivElement | null>(null);
  const near = useNearView(end);
  const { load, failed, exhausted } = more;
  useEffect(() => {
    if (hasMore && (near || filtered) && !failed && !exhausted(data)) void load();
  }, [hasMore, near, filtered, data, load, failed, exhausted]);
  useRowKeys({ has: hasMore, load }, rows);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <FlashNotice />
      <LiveBanner />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
            Inbox
            <span className="rounded-full bg-zinc-900 px-2 py-0.5 text-xs font-medium text-white tabular-nums dark:bg-zinc-100 dark:text-zinc-900" aria-label={`${total} pending`}>
              {total}
            </span>
          </h1>
          <p className="mt-1 flex items-center gap-3 text-sm text-zinc-500 dark:text-zinc-400">
            <span>Pending questions, oldest first</span>
            <LiveIndicator />
            <NotificationsToggle />
            {isFetching ? <Spinner label="Refreshing" className="scale-75" /> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor="filter-agent" className="text-xs">
              Agent
            </Label>
            <Select id="filter-agent" value={agent} onChange={(e) => setAgent(e.target.value)} className="h-8 w-40 text-xs">
              <option value="">All agents</option>
              {agent && !agents.includes(agent) ? <option value={agent}>{agent}</option> : null}
              {agents.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="filter-presence" className="text-xs">
              Agents
            </Label>
            <Select id="filter-presence" value={present} onChange={(e) => setPresent(e.target.value)} className="h-8 w-44 text-xs">
              <option value="">Waiting or gone</option>
              <option value="first">Waiting first</option>
              <option value="waiting">Waiting only</option>
            </Select>
          </div>
          {teams.length > 1 ? (
            <div className="grid gap-1">
              <Label htmlFor="filter-team" className="text-xs">
                Team
              </Label>
              <Select id="filter-team" value={team} onChange={(e) => setTeam(e.target.value)} className="h-8 w-40 text-xs">
                <option value="">All teams</option>
                {teams.map((t) => (
                  <option key={t.id} value={t.slug}>
                    {t.name}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
        </div>
      </div>

      {isError && rows.length === 0 ? (
        <EmptyState title="The inbox could not be loaded" description="Check your connection." action={<Button onClick={() => void refetch()}>Try again</Button>} />
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState
            title="Nothing pending matches these filters"
            description={hasMore ? `Looking through all ${total} pending…` : `${total} pending in all.`}
            action={
              <Button variant="secondary" onClick={() => (setAgent(""), setTeam(""), setPresent(""))}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <>
            <EmptyState title="You are all caught up" description="No agent is waiting on an answer. New questions appear here as they arrive, without a reload." />
            <Card aria-labelledby="connect-title">
              <CardHeader id="connect-title" title="Connect an agent" description="Questions arrive here once an agent can reach this app." />
              <CardBody>
                <ConnectAgent />
              </CardBody>
            </Card>
          </>
        )
      ) : (
        <Card>
          <ul aria-label="Pending requests" className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {rows.map((r) => (
              <InboxRow key={r.id} item={r} showTeam={teams.length > 1} />
            ))}
          </ul>
          {hasMore ? (
            <div ref={setEnd} className="flex items-center justify-between gap-3 border-t border-zinc-100 px-4 py-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
              <span>{`Showing the oldest ${data.data.length} of ${data.total}; ${more.failed ? "the next ones could not be loaded." : "more appear as you scroll."}`}</span>
              <Button variant="secondary" size="sm" disabled={more.loading} onClick={() => void more.load()}>
                {more.loading ? "Loading…" : "Show more"}
              </Button>
            </div>
          ) : null}
        </Card>
      )}
      <p className="hidden items-center gap-3 text-xs text-zinc-500 sm:flex dark:text-zinc-400">
        <span className="inline-flex items-center gap-1">
          <Kbd>j</Kbd>/<Kbd>k</Kbd> move
        </span>
        <span className="inline-flex items-center gap-1">
          <Kbd>Enter</Kbd> open
        </span>
      </p>
    </div>
  );
}
