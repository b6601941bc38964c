"use client";
// Settings → Rules, opened from insights' "make this a rule": an answer rule for a recurring
// question, prefilled with the question and the answer it will repeat; the lead may narrow it to
// the agent that asked, a working directory, or an expiry before saving.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, Button, Card, CardBody, CardHeader, Input, Label, Select } from "@/components/ui";
import { useSettingsMutation } from "@/components/settings/mutations";
import { errorText } from "@/lib/browser/api";
import type { AnswerRulePrefill } from "@/lib/rules/prefill";
import { createRule } from "./proposal-store";

export function AnswerRuleForm({ teamId, teamSlug, prefill }: { teamId: string; teamSlug: string; prefill: AnswerRulePrefill }) {
  const router = useRouter();
  const [onlyAgent, setOnlyAgent] = useState(false);
  const [cwd, setCwd] = useState("");
  const [days, setDays] = useState(0);
  const create = useSettingsMutation(
    (body: Record<string, unknown>) => createRule(teamId, body),
    () => router.replace(`/settings/rules?team=${encodeURIComponent(teamSlug)}`),
  );
  return (
    <Card aria-labelledby="rules-answer" id="answer-rule">
      <CardHeader id="rules-answer" title="New answer rule from a recurring question" description="Matching questions (the same header, prompt and options) are answered at once, the same way, without asking anyone." />
      <CardBody>
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({
              decision: "answer",
              fromRequest: prefill.fromRequest,
              ...(onlyAgent ? { agent: prefill.agent } : {}),
              ...(cwd.trim() ? { cwd: cwd.trim() } : {}),
              ...(days ? { expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
            });
          }}
        >
          <dl className="grid gap-2 text-sm sm:col-span-2">
            <div>
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">Question</dt>
              <dd>
                <span className="font-medium">{prefill.header}</span> — {prefill.prompt}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">Answer it will give</dt>
              <dd>{prefill.answer}</dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">Fingerprint</dt>
              <dd className="font-mono text-xs break-all">{prefill.fingerprint}</dd>
            </div>
          </dl>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={onlyAgent} onChange={(e) => setOnlyAgent(e.target.checked)} />
            Only for agent <span className="font-mono">{prefill.agent}</span>
          </label>
          <div className="grid gap-1">
            <Label htmlFor="answer-rule-cwd">Only under directory (optional)</Label>
            <Input id="answer-rule-cwd" className="font-mono" value={cwd} onChange={(e) => setCwd(e.target.value)} placeholder="/home/me/repo" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="answer-rule-expires">Expires</Label>
            <Select id="answer-rule-expires" value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
              <option value="0">Never</option>
              <option value="7">In 7 days</option>
              <option value="30">In 30 days</option>
            </Select>
          </div>
          <div className="flex items-end sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              Save answer rule
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
