"use client";
import type { FormEvent } from "react";
import { errorText } from "@/lib/browser/api";
import { useHydrated } from "../ui/use-hydrated";
import { Alert, Button, Hint, Input, Label, Select } from "../ui";
import { settingsApi, useSettingsMutation, type CreatedToken } from "./mutations";

const SCOPES = [
  { id: "ask", help: "create, wait for and cancel its own requests" },
  { id: "answer", help: "list, reply to and reject the team's requests" },
  { id: "read", help: "read the team's history" },
] as const;

export type Created = CreatedToken;

export function CreateTokenForm({ teamId, onCreated }: { teamId: string; onCreated: (t: Created) => void }) {
  const hydrated = useHydrated();
  const create = useSettingsMutation(
    (v: { form: HTMLFormElement; body: Parameters<typeof settingsApi.createToken>[1] }) => settingsApi.createToken(teamId, v.body),
    (created, v) => {
      v.form.reset();
      onCreated(created);
    },
  );
  const busy = create.isPending;
  const error = create.error ? errorText(create.error) : null;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    create.mutate({
      form: e.currentTarget,
      body: { name: String(form.get("name") ?? ""), scopes: form.getAll("scopes").map(String), policy: String(form.get("policy") ?? "allow") },
    });
  }

  return (
    <form method="post" onSubmit={onSubmit} aria-label="Create token" className="space-y-3">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <div className="space-y-1">
          <Label htmlFor="token-name">Token name</Label>
          <Input id="token-name" name="name" required maxLength={100} placeholder="e.g. ci-agent" />
        </div>
        <div className="space-y-1">
          <Label htmlFor="token-policy">Policy</Label>
          <Select id="token-policy" name="policy" defaultValue="allow">
            <option value="allow">allow</option>
            <option value="deny">deny</option>
          </Select>
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Scopes</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {SCOPES.map((s) => (
            <label key={s.id} className="flex items-center gap-1.5 text-sm" title={s.help}>
              <input type="checkbox" name="scopes" value={s.id} defaultChecked={s.id === "ask"} className="accent-orange-600" />
              {s.id}
            </label>
          ))}
        </div>
        <Hint className="mt-1">ask: {SCOPES[0].help}; answer: {SCOPES[1].help}; read: {SCOPES[2].help}.</Hint>
      </fieldset>
      <Button type="submit" disabled={busy || !hydrated}>
        {busy ? "Creating…" : "Create token"}
      </Button>
    </form>
  );
}
