// The filter bar of /insights: a plain GET form (filters live in the URL, work without script).
import Link from "next/link";
import { buttonClass, Input, Select } from "@/components/ui";
import { INSIGHT_KINDS } from "@openoxide/questions-core/insights/query";

type Values = Partial<Record<"team" | "from" | "to" | "agent" | "kind", string>>;

const KIND_LABEL: Record<(typeof INSIGHT_KINDS)[number], string> = {
  single_select: "Single choice",
  multi_select: "Multiple choice",
  freeform: "Free text",
  approval: "Approval",
  mixed: "Mixed",
};

function Label({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
      {children}
    </label>
  );
}

export function InsightsFilters({ values, agents, teams }: { values: Values; agents: string[]; teams: { slug: string; name: string }[] }) {
  const agentChoices = values.agent && !agents.includes(values.agent) ? [values.agent, ...agents] : agents;
  return (
    <form method="get" action="/insights" role="search" aria-label="Choose period and filters" className="grid grid-cols-2 gap-x-3 gap-y-2.5 rounded-lg border border-zinc-200 bg-white p-3 lg:grid-cols-12 dark:border-zinc-800 dark:bg-zinc-900">
      {teams.length > 1 ? (
        <div className="lg:col-span-2">
          <Label htmlFor="i-team">Team</Label>
          <Select id="i-team" name="team" defaultValue={values.team ?? ""} className="mt-1">
            {teams.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div className="lg:col-span-2">
        <Label htmlFor="i-from">From</Label>
        <Input id="i-from" name="from" type="date" defaultValue={values.from ?? ""} className="mt-1" />
      </div>
      <div className="lg:col-span-2">
        <Label htmlFor="i-to">To</Label>
        <Input id="i-to" name="to" type="date" defaultValue={values.to ?? ""} className="mt-1" />
      </div>
      <div className="lg:col-span-2">
        <Label htmlFor="i-agent">Agent</Label>
        <Select id="i-agent" name="agent" defaultValue={values.agent ?? ""} className="mt-1">
          <option value="">Any agent</option>
          {agentChoices.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </Select>
      </div>
      <div className="lg:col-span-2">
        <Label htmlFor="i-kind">Kind</Label>
        <Select id="i-kind" name="kind" defaultValue={values.kind ?? ""} className="mt-1">
          <option value="">Any kind</option>
          {INSIGHT_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABEL[k]}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-span-2 flex items-end gap-2">
        <button type="submit" className={buttonClass("primary")}>
          Show
        </button>
        <Link href="/insights" className={buttonClass("ghost")}>
          Last 30 days
        </Link>
      </div>
    </form>
  );
}
