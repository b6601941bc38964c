"use client";
// Settings → Rules: the list (hits, last use, state) with edit, pause/resume and delete, and a
// form for a new approval rule. Answer rules are made from the inbox ("always answer this the same way").
import { useState } from "react";
import { Alert, Badge, Button, Card, CardBody, CardHeader, Hint, Input, Label, Select } from "@/components/ui";
import { useSettingsMutation } from "@/components/settings/mutations";
import { errorText, uiFetch } from "@/lib/browser/api";
import type { RuleView } from "@/lib/rules/types";
import { createRule, rulesUrl } from "./proposal-store";

const DECISION_LABEL: Record<RuleView["decision"], string> = { approve: "Approve", deny: "Deny", require_approvals: "Require approvals", answer: "Answer" };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "never");

function scopeText(r: RuleView): string {
  const parts = [r.agent && `agent ${r.agent}`, r.cwd && `in ${r.cwd}`, r.sessionId && `session ${r.sessionId}`].filter(Boolean);
  return parts.length ? parts.join(", ") : "whole team";
}

export function RulesCard({ teamId, rules }: { teamId: string; rules: RuleView[] }) {
  return (
    <div className="grid gap-5">
      <Card aria-labelledby="rules-list">
        <CardHeader id="rules-list" title="Team rules" description="Newest first. Hits count the requests a rule decided (or marked as needing several approvers)." />
        <CardBody>
          {rules.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No rules yet. Save one from “Approve always” in the inbox, or add one below.</p>
          ) : (
            <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {rules.map((r) => (
                <RuleItem key={r.id} teamId={teamId} rule={r} />
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      <NewRuleForm teamId={teamId} />
    </div>
  );
}

function RuleItem({ teamId, rule }: { teamId: string; rule: RuleView }) {
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [match, setMatch] = useState(rule.match ?? "");
  const [agent, setAgent] = useState(rule.agent ?? "");
  const [cwd, setCwd] = useState(rule.cwd ?? "");
  const patch = useSettingsMutation((body: Record<string, unknown>) => uiFetch<RuleView>("PATCH", rulesUrl(teamId, rule.id), { body }), () => setEditing(false));
  const remove = useSettingsMutation(() => uiFetch<void>("DELETE", rulesUrl(teamId, rule.id)));
  const what = rule.kind === "approval" ? `${rule.tool} ${rule.match}` : (rule.summary ?? "question");
  const expired = rule.expiresAt !== null && new Date(rule.expiresAt) <= new Date();
  return (
    <li id={`rule-${rule.id}`} className="grid scroll-mt-20 gap-2 py-3 target:bg-orange-50 dark:target:bg-orange-950/40" aria-label={`Rule ${what}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={rule.decision === "deny" ? "red" : rule.decision === "require_approvals" ? "blue" : "green"}>
          {DECISION_LABEL[rule.decision]}
          {rule.decision === "require_approvals" ? ` ×${rule.requiredApprovals}` : ""}
        </Badge>
        <span className="font-mono text-sm break-all">{what}</span>
        {rule.paused ? <Badge tone="orange">paused</Badge> : expired ? <Badge tone="orange">expired</Badge> : <Badge tone="green">active</Badge>}
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {scopeText(rule)} · {rule.hits} {rule.hits === 1 ? "hit" : "hits"} · last used {when(rule.lastUsedAt)} · expires {rule.expiresAt ? when(rule.expiresAt) : "never"} · by {rule.createdBy}
      </p>
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="secondary" onClick={() => patch.mutate({ paused: !rule.paused })}>
          {rule.paused ? "Resume" : "Pause"}
        </Button>
        <Button size="sm" variant="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          Edit
        </Button>
        {confirm ? (
          <>
            <Button size="sm" variant="danger" onClick={() => remove.mutate(undefined)}>
              Confirm delete
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirm(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setConfirm(true)}>
            Delete
          </Button>
        )}
      </div>
      {editing ? (
        <form
          className="grid gap-2 rounded-md border border-zinc-200 p-3 sm:grid-cols-3 dark:border-zinc-800"
          onSubmit={(e) => {
            e.preventDefault();
            patch.mutate({ ...(rule.kind === "approval" ? { match } : {}), agent: agent.trim() || null, cwd: cwd.trim() || null });
          }}
        >
          {rule.kind === "approval" ? (
            <div className="grid gap-1">
              <Label htmlFor={`${rule.id}-m`}>Match</Label>
              <Input id={`${rule.id}-m`} className="font-mono" value={match} onChange={(e) => setMatch(e.target.value)} />
            </div>
          ) : null}
          <div className="grid gap-1">
            <Label htmlFor={`${rule.id}-a`}>Agent (empty: any)</Label>
            <Input id={`${rule.id}-a`} value={agent} onChange={(e) => setAgent(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${rule.id}-c`}>Working directory prefix (empty: any)</Label>
            <Input id={`${rule.id}-c`} className="font-mono" value={cwd} onChange={(e) => setCwd(e.target.value)} />
          </div>
          <div className="sm:col-span-3">
            <Button type="submit" size="sm">
              Save
            </Button>
          </div>
        </form>
      ) : null}
      {patch.error || remove.error ? <Alert tone="error">{errorText(patch.error ?? remove.error)}</Alert> : null}
    </li>
  );
}

function NewRuleForm({ teamId }: { teamId: string }) {
  const [decision, setDecision] = useState<"approve" | "deny" | "require_approvals">("approve");
  const [tool, setTool] = useState("Bash");
  const [match, setMatch] = useState("");
  const [required, setRequired] = useState(2);
  const [agent, setAgent] = useState("");
  const [cwd, setCwd] = useState("");
  const [days, setDays] = useState(0);
  const create = useSettingsMutation((body: Record<string, unknown>) => createRule(teamId, body), () => setMatch(""));
  return (
    <Card aria-labelledby="rules-new">
      <CardHeader id="rules-new" title="New rule" description="For shell tools the match is a command or a prefix ending in *; for edit tools a path glob; for other tools the exact JSON arguments or *." />
      <CardBody>
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({
              decision,
              tool: tool.trim(),
              match: match.trim(),
              ...(decision === "require_approvals" ? { requiredApprovals: required } : {}),
              ...(agent.trim() ? { agent: agent.trim() } : {}),
              ...(cwd.trim() ? { cwd: cwd.trim() } : {}),
              ...(days ? { expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
            });
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor="rule-decision">Decision</Label>
            <Select id="rule-decision" value={decision} onChange={(e) => setDecision(e.target.value as typeof decision)}>
              <option value="approve">Approve</option>
              <option value="deny">Deny</option>
              <option value="require_approvals">Require several approvers</option>
            </Select>
          </div>
          {decision === "require_approvals" ? (
            <div className="grid gap-1">
              <Label htmlFor="rule-required">Approvers needed</Label>
              <Input id="rule-required" type="number" min={2} max={10} value={required} onChange={(e) => setRequired(Number(e.target.value))} />
            </div>
          ) : null}
          <div className="grid gap-1">
            <Label htmlFor="rule-tool">Tool</Label>
            <Input id="rule-tool" className="font-mono" value={tool} onChange={(e) => setTool(e.target.value)} required />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="rule-match">Match</Label>
            <Input id="rule-match" className="font-mono" value={match} onChange={(e) => setMatch(e.target.value)} required placeholder="npm test*" />
            <Hint>An allow rule never matches a compound command (; && || | ` $( ) &lt; &gt; newline); a deny rule matches anywhere in it.</Hint>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="rule-agent">Only agent (optional)</Label>
            <Input id="rule-agent" value={agent} onChange={(e) => setAgent(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="rule-cwd">Only under directory (optional)</Label>
            <Input id="rule-cwd" className="font-mono" value={cwd} onChange={(e) => setCwd(e.target.value)} placeholder="/home/me/repo" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="rule-expires">Expires</Label>
            <Select id="rule-expires" value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
              <option value="0">Never</option>
              <option value="1">In 1 day</option>
              <option value="7">In 7 days</option>
              <option value="30">In 30 days</option>
            </Select>
          </div>
          <div className="flex items-end sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              Add rule
            </Button>
          </div>
          {create.error ? (
            <div className="sm:col-span-2">
              <Alert tone="error">{errorText(create.error)}</Alert>
            </div>
          ) : null}
        </form>
      </CardBody>
    </Card>
  );
}
