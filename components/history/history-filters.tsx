// The filter bar of /history: a plain GET form, so filters live in the URL (shareable, back
// button works) and it works before any JavaScript has loaded. Agents and reviewers are pickers
// filled from the team's decisions, so an exact-match filter never depends on typing a name right.
import Link from "next/link";
import { buttonClass, Input, Select } from "@/components/ui";
import type { HistoryFilters as Filters } from "@openoxide/questions-core/questions/history-query";
import { RESOLVED_STATUSES } from "@openoxide/questions-core/questions/history-query";
import { actorName, STATUS_LABEL } from "./format";

type Props = {
  values: Partial<Record<keyof Filters, string>>;
  agents: string[];
  reviewers: string[];
  /** Labels for resolvers that are not people's names (a rule's `rule:<id>` → its name). */
  reviewerNames?: Record<string, string>;
  teams: { slug: string; name: string }[];
};

const KEYS = ["q", "status", "agent", "reviewer", "team", "from", "to"] as const;

function Label({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
      {children}
    </label>
  );
}

/** A select of the values found in the team's decisions; a value from the URL that is not among them stays selectable. */
function Picker({ id, name, any, value, choices }: { id: string; name: string; any: string; value: string | undefined; choices: { value: string; label: string }[] }) {
  const all = value && !choices.some((c) => c.value === value) ? [{ value, label: value }, ...choices] : choices;
  return (
    <Select id={id} name={name} defaultValue={value ?? ""} className="mt-1">
      <option value="">{any}</option>
      {all.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </Select>
  );
}

export function HistoryFilters({ values, agents, reviewers, reviewerNames = {}, teams }: Props) {
  const active = KEYS.some((k) => values[k]);
  return (
    <form method="get" action="/history" role="search" aria-label="Filter history" className="grid grid-cols-2 gap-x-3 gap-y-2.5 rounded-lg border border-zinc-200 bg-white p-3 lg:grid-cols-12 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="col-span-2 lg:col-span-4">
        <Label htmlFor="f-q">Search</Label>
        <Input id="f-q" name="q" type="search" placeholder="Title, question, answer, note…" defaultValue={values.q ?? ""} className="mt-1" />
      </div>
      <div className="lg:col-span-2">
        <Label htmlFor="f-status">Status</Label>
        <Select id="f-status" name="status" defaultValue={values.status ?? ""} className="mt-1">
          <option value="">Any status</option>
          {RESOLVED_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </Select>
      </div>
      <div className="lg:col-span-3">
        <Label htmlFor="f-agent">Agent</Label>
        <Picker id="f-agent" name="agent" any="Any agent" value={values.agent} choices={agents.map((a) => ({ value: a, label: a }))} />
      </div>
      <div className="lg:col-span-3">
        <Label htmlFor="f-reviewer">Reviewer</Label>
        <Picker id="f-reviewer" name="reviewer" any="Anyone" value={values.reviewer} choices={reviewers.map((r) => ({ value: r, label: reviewerNames[r] ?? actorName(r) }))} />
      </div>
      {teams.length > 1 ? (
        <div className="lg:col-span-3">
          <Label htmlFor="f-team">Team</Label>
          <Select id="f-team" name="team" defaultValue={values.team ?? ""} className="mt-1">
            <option value="">All teams</option>
            {teams.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div className="lg:col-span-2">
        <Label htmlFor="f-from">Resolved from</Label>
        <Input id="f-from" name="from" type="date" defaultValue={values.from ?? ""} className="mt-1" />
      </div>
      <div className="lg:col-span-2">
        <Label htmlFor="f-to">Resolved to</Label>
        <Input id="f-to" name="to" type="date" defaultValue={values.to ?? ""} className="mt-1" />
      </div>
      <div className="col-span-2 flex items-end gap-2 lg:col-span-3">
        <button type="submit" className={buttonClass("primary")}>
          Apply filters
        </button>
        {active ? (
          <Link href="/history" className={buttonClass("ghost")}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
