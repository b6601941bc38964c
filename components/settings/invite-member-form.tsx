"use client";
// Invite someone by email with a role. A new person gets a single-use link (shown once, here) and
// sets their own password; an existing account is added to the team at once.
import { useState, type FormEvent } from "react";
import type { Role } from "@/lib/auth/roles";
import { errorText } from "@/lib/browser/api";
import { useHydrated } from "../ui/use-hydrated";
import { Alert, Button, Hint, Input, Label, Select } from "../ui";
import { formatTime } from "./format";
import { settingsApi, useSettingsMutation, type InviteResult } from "./mutations";
import { CopyField } from "./copy-field";

export function InviteMemberForm({ teamId }: { teamId: string }) {
  const hydrated = useHydrated();
  const [result, setResult] = useState<InviteResult | null>(null);
  const invite = useSettingsMutation(
    (v: { form: HTMLFormElement; email: string; role: Role }) => settingsApi.invite(teamId, { email: v.email, role: v.role }),
    (r, v) => {
      v.form.reset();
      setResult(r);
    },
  );

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setResult(null);
    invite.mutate({ form: e.currentTarget, email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "reviewer") as Role });
  }

  return (
    <div className="space-y-2">
      <form method="post" onSubmit={onSubmit} aria-label="Invite member" className="space-y-2">
        <div className="grid gap-2 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
          <div className="space-y-1">
            <Label htmlFor="member-email">Member email</Label>
            <Input id="member-email" name="email" type="email" required autoComplete="off" aria-describedby="member-invite-hint" />
          </div>
          <div className="space-y-1">
            <Label htmlFor="member-role">Role</Label>
            <Select id="member-role" name="role" defaultValue="reviewer">
              <option value="reviewer">reviewer</option>
              <option value="lead">lead</option>
              <option value="admin">admin</option>
            </Select>
          </div>
          <Button type="submit" disabled={invite.isPending || !hydrated}>
            {invite.isPending ? "Inviting…" : "Invite"}
          </Button>
        </div>
        <Hint id="member-invite-hint">
          A new person gets a link to set their own password (valid 7 days, works once), by mail when this server has SMTP set up. Someone who already has an account is added at
          once.
        </Hint>
      </form>
      {invite.error ? <Alert tone="error">{errorText(invite.error)}</Alert> : null}
      {result?.kind === "added" ? <Alert tone="success">Added {result.email} (existing account).</Alert> : null}
      {result?.kind === "invited" ? (
        <Alert tone="success" className="space-y-2">
          <p className="font-medium">
            {result.emailed
              ? `Invitation emailed to ${result.invitation.email}. The link is also here, once, should the mail not arrive.`
              : `Invitation for ${result.invitation.email} created. Copy the link and send it to them: it is not shown again.`}
          </p>
          <CopyField id="invite-link" label="Invitation link" value={result.link} />
          <p className="text-xs">Expires {formatTime(result.invitation.expiresAt)}. Anyone with the link can use it once.</p>
          <Button size="sm" variant="ghost" onClick={() => setResult(null)}>
            Done
          </Button>
        </Alert>
      ) : null}
    </div>
  );
}
