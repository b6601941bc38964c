"use client";
import { useState } from "react";
import { errorText } from "@/lib/browser/api";
import { Alert, Button, Card, CardBody, CardHeader } from "../ui";
import { settingsApi, useSettingsMutation } from "./mutations";

type Policy = "allow" | "deny";

const CHOICES: { value: Policy; label: string; help: string }[] = [
  { value: "allow", label: "Allow questions", help: "Agents may ask; reviewers answer in the inbox." },
  { value: "deny", label: "Deny questions", help: "Every request is rejected at once (policy_denied): agents proceed on their own judgement." },
];

export function PolicyCard({ teamId, policy }: { teamId: string; policy: Policy }) {
  const [value, setValue] = useState<Policy>(policy);
  const save = useSettingsMutation((p: Policy) => settingsApi.setPolicy(teamId, p));

  return (
    <Card aria-labelledby="policy-title">
      <CardHeader id="policy-title" title="Question policy" description="Applies to every token of the team, on top of each token's own policy." />
      <CardBody className="space-y-3">
        <fieldset className="space-y-2">
          <legend className="sr-only">Question policy</legend>
          {CHOICES.map((c) => (
            <label key={c.value} className="flex cursor-pointer items-start gap-2.5 rounded-md border border-zinc-200 p-2.5 text-sm has-checked:border-orange-500 dark:border-zinc-800">
              <input type="radio" name="policy" value={c.value} checked={value === c.value} onChange={() => setValue(c.value)} className="mt-0.5 accent-orange-600" />
              <span>
                <span className="font-medium">{c.label}</span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">{c.help}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {save.error ? <Alert tone="error">{errorText(save.error)}</Alert> : null}
        {save.isSuccess ? <Alert tone="success">Policy saved.</Alert> : null}
        <Button onClick={() => save.mutate(value)} disabled={save.isPending || value === policy}>
          Save policy
        </Button>
      </CardBody>
    </Card>
  );
}
