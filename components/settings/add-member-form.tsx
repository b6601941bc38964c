"use client";
import { useState, type FormEvent } from "react";
import { useHydrated } from "../ui/use-hydrated";
import { Alert, Button, Hint, Input, Label, Select } from "../ui";
import { send, settingsUrl } from "./api";

export function AddMemberForm({ teamId, onAdded }: { teamId: string; onAdded: () => void }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<{ busy?: boolean; error?: string; notice?: string }>({});

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    setState({ busy: true });
    try {
      const r = await send<{ created: boolean }>("POST", settingsUrl(teamId, "members"), {
        email,
        role: String(form.get("role") ?? "reviewer"),
        ...(password ? { password } : {}),
      });
      formEl.reset();
      setState({ notice: r.created ? `Created ${email}: share the password with them.` : `Added ${email} (existing account, password unchanged).` });
      onAdded();
    } catch (err) {
      setState({ error: (err as Error).message });
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} aria-label="Add member" className="space-y-2">
      <div className="grid gap-2 sm:grid-cols-[1fr_8rem_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <Label htmlFor="member-email">Member email</Label>
          <Input id="member-email" name="email" type="email" required autoComplete="off" />
        </div>
        <div className="space-y-1">
          <Label htmlFor="member-role">Role</Label>
          <Select id="member-role" name="role" defaultValue="reviewer">
            <option value="reviewer">reviewer</option>
            <option value="lead">lead</option>
            <option value="admin">admin</option>
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="member-password">Initial password</Label>
          <Input id="member-password" name="password" type="password" autoComplete="new-password" minLength={10} aria-describedby="member-password-hint" />
        </div>
        <Button type="submit" disabled={state.busy || !hydrated}>
          Add member
        </Button>
      </div>
      <Hint id="member-password-hint">Only for a new account (at least 10 characters). Existing users keep their password.</Hint>
      {state.error ? <Alert tone="error">{state.error}</Alert> : null}
      {state.notice ? <Alert tone="success">{state.notice}</Alert> : null}
    </form>
  );
}
