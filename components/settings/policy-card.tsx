"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, Button, Card, CardBody, CardHeader } from "../ui";
import { send, settingsUrl } from "./api";

type Policy = "allow" | "deny";

const CHOICES: { value: Policy; label: string; help: string }[] = [
  { value: "allow", label: "Allow questions", help: "Agents may ask; reviewers answer in the inbox." },
  { value: "deny", label: "Deny questions", help: "Every request is rejected at once (policy_denied): agents proceed on their own judgement." },
];

export function PolicyCard({ teamId, policy }: { teamId: string; policy: Policy }) {
  const router = useRouter();
  const [value, setValue] = useState<Policy>(policy);
  const [state, setState] = useState<{ busy?: boolean; error?: string; saved?: boolean }>({});

  async function save() {
    setState({ busy: true });
    try {
      await send("PATCH", settingsUrl(teamId), { policy: value });
      setState({ saved: true });
      router.refresh();
    } catch (e) {
      setState({ error: (e as Error).message });
    }
  }

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
        {state.error ? <Alert tone="error">{state.error}</Alert> : null}
        {state.saved ? <Alert tone="success">Policy saved.</Alert> : null}
        <Button onClick={save} disabled={state.busy || value === policy}>
          Save policy
        </Button>
      </CardBody>
    </Card>
  );
}
