"use client";
// Everyone changes their own password here. An SSO-only account (no password yet) sets one
// without the current password.
import { useState, type FormEvent } from "react";
import { errorText } from "@/lib/browser/api";
import { useHydrated } from "../ui/use-hydrated";
import { Alert, Button, Hint, Input, Label } from "../ui";
import { settingsApi, useSettingsMutation } from "./mutations";

export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const hydrated = useHydrated();
  const [mismatch, setMismatch] = useState(false);
  const change = useSettingsMutation(
    (v: { form: HTMLFormElement; currentPassword?: string; newPassword: string }) => settingsApi.changePassword({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    (_r, v) => v.form.reset(),
  );

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const newPassword = String(form.get("newPassword") ?? "");
    const same = newPassword === String(form.get("confirmPassword") ?? "");
    setMismatch(!same);
    change.reset();
    if (!same) return;
    change.mutate({ form: e.currentTarget, currentPassword: hasPassword ? String(form.get("currentPassword") ?? "") : undefined, newPassword });
  }

  return (
    <form method="post" onSubmit={onSubmit} aria-label="Change password" className="space-y-2 border-t border-zinc-100 pt-3 dark:border-zinc-800">
      <p className="font-medium">{hasPassword ? "Change your password" : "Set a password"}</p>
      {hasPassword ? (
        <div className="space-y-1">
          <Label htmlFor="pw-current">Current password</Label>
          <Input id="pw-current" name="currentPassword" type="password" autoComplete="current-password" required />
        </div>
      ) : null}
      <div className="space-y-1">
        <Label htmlFor="pw-new">New password</Label>
        <Input id="pw-new" name="newPassword" type="password" autoComplete="new-password" minLength={10} required aria-describedby="pw-new-hint" />
        <Hint id="pw-new-hint">At least 10 characters.</Hint>
      </div>
      <div className="space-y-1">
        <Label htmlFor="pw-confirm">Repeat new password</Label>
        <Input id="pw-confirm" name="confirmPassword" type="password" autoComplete="new-password" required />
      </div>
      {mismatch ? <Alert tone="error">The new passwords do not match.</Alert> : null}
      {change.error ? <Alert tone="error">{errorText(change.error)}</Alert> : null}
      {change.isSuccess ? <Alert tone="success">Password changed. Use it the next time you sign in.</Alert> : null}
      <Button type="submit" disabled={change.isPending || !hydrated}>
        {hasPassword ? "Change password" : "Set password"}
      </Button>
    </form>
  );
}
