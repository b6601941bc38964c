"use client";
// "Approve always" proposes a team rule (docs/rules.md): the reviewer sees what it would match,
// narrows or widens it, chooses this session or the whole team and an expiry, and saves it, or
// approves without one. The approval itself is sent after this dialog closes.
import { useEffect, useId, useRef, useState } from "react";
import { Alert, Button, Hint, Input, Label, Select } from "@/components/ui";
import { errorText } from "@/lib/browser/api";
import { suggestRule } from "@/lib/rules/suggest";
import { createRule, useProposal, type Proposal } from "./proposal-store";

const EXPIRY: { label: string; ms: number | null }[] = [
  { label: "Never", ms: null },
  { label: "In 1 hour", ms: 3_600_000 },
  { label: "In 1 day", ms: 86_400_000 },
  { label: "In 7 days", ms: 7 * 86_400_000 },
  { label: "In 30 days", ms: 30 * 86_400_000 },
];

const MATCH_HINT = {
  shell: "A command, or a prefix ending in * (npm test*). It never matches a compound command (; && || | ` $( ) < > newline).",
  edit: "A path glob: * within a folder, ** at any depth (src/**).",
  other: "The exact arguments as JSON, or * for any call of this tool.",
} as const;

/** Mounted once on the request page; shows while a proposal is open. */
export function RuleProposalHost() {
  const proposal = useProposal();
  return proposal ? <RuleProposalDialog key={`${proposal.request.id}:${proposal.questionId}`} proposal={proposal} /> : null;
}

function RuleProposalDialog({ proposal }: { proposal: Proposal }) {
  const { request, questionId, done } = proposal;
  const question = request.questions.find((q) => q.id === questionId);
  const action = question?.action ?? { tool: "", input: null };
  const s = suggestRule(action);
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const cwd = request.agent.cwd ?? (typeof (action.input as { cwd?: unknown })?.cwd === "string" ? ((action.input as { cwd: string }).cwd) : null);
  const [match, setMatch] = useState(s.exact ?? s.wider ?? "");
  const [agentOnly, setAgentOnly] = useState(true);
  const [cwdOnly, setCwdOnly] = useState(Boolean(cwd));
  const [scope, setScope] = useState<"session" | "team">(request.agent.sessionId ? "session" : "team");
  const [expiry, setExpiry] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const ms = EXPIRY[expiry]!.ms;
      await createRule(request.team.id, {
        decision: "approve",
        tool: action.tool,
        match: match.trim(),
        ...(agentOnly ? { agent: request.agent.name } : {}),
        ...(cwdOnly && cwd ? { cwd } : {}),
        ...(scope === "session" && request.agent.sessionId ? { sessionId: request.agent.sessionId } : {}),
        ...(ms ? { expiresAt: new Date(Date.now() + ms).toISOString() } : {}),
      });
      done(true);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        done(false);
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form
        method="dialog"
        className="grid gap-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Approve always: save a rule?
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          A rule approves matching <span className="font-mono">{action.tool}</span> calls at once, without asking anyone. Check what it covers.
        </p>
        {s.why ? <Alert tone="warning">{s.why}</Alert> : null}
        {s.why ? null : (
          <>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-match`}>Match</Label>
              <Input id={`${id}-match`} className="font-mono" value={match} onChange={(e) => setMatch(e.target.value)} aria-describedby={`${id}-mh`} />
              <Hint id={`${id}-mh`}>{MATCH_HINT[s.kind]}</Hint>
              <div className="flex flex-wrap gap-1.5">
                {s.exact ? (
                  <Button size="sm" variant="secondary" onClick={() => setMatch(s.exact!)}>
                    Narrow: exactly this
                  </Button>
                ) : null}
                {s.wider ? (
                  <Button size="sm" variant="secondary" onClick={() => setMatch(s.wider!)}>
                    Widen: {s.wider}
                  </Button>
                ) : null}
              </div>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={agentOnly} onChange={(e) => setAgentOnly(e.target.checked)} />
              Only for agent <span className="font-mono">{request.agent.name}</span>
            </label>
            {cwd ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={cwdOnly} onChange={(e) => setCwdOnly(e.target.checked)} />
                Only in <span className="font-mono break-all">{cwd}</span> and below
              </label>
            ) : null}
            <fieldset className="grid gap-1 text-sm">
              <legend className="mb-1 font-medium">Applies to</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name={`${id}-scope`} checked={scope === "session"} disabled={!request.agent.sessionId} onChange={() => setScope("session")} />
                This agent session only
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name={`${id}-scope`} checked={scope === "team"} onChange={() => setScope("team")} />
                The whole team ({request.team.name}), every session
              </label>
            </fieldset>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-exp`}>Expires</Label>
              <Select id={`${id}-exp`} value={String(expiry)} onChange={(e) => setExpiry(Number(e.target.value))}>
                {EXPIRY.map((x, i) => (
                  <option key={x.label} value={i}>
                    {x.label}
                  </option>
                ))}
              </Select>
            </div>
          </>
        )}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" disabled={busy} onClick={() => done(false)}>
            Back
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => done(true)}>
            Approve without a rule
          </Button>
          {s.why ? null : (
            <Button type="submit" disabled={busy || match.trim() === ""}>
              {busy ? "Saving…" : "Save rule and approve"}
            </Button>
          )}
        </div>
      </form>
    </dialog>
  );
}
