"use client";
// Accepting an invitation: create the account (the link works once), then sign in with it.
import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorText, postJson } from "@/lib/browser/api";
import { useHydrated } from "../ui/use-hydrated";
import { Alert, Button, Hint, Input, Label } from "../ui";

type Accept = { name?: string; password?: string; sso?: true };

export function AcceptInviteForm({ token, email, sso }: { token: string; email: string; sso: { id: string; name: string }[] }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const [mismatch, setMismatch] = useState(false);
  const accept = useMutation({
    mutationFn: async ({ body, provider }: { body: Accept; provider?: string }) => {
      await postJson<{ email: string }>("/api/ui/invitations/accept", { token, ...body });
      if (provider) return signIn(provider, { callbackUrl: "/inbox" });
      const res = await signIn("credentials", { redirect: false, email, password: body.password, callbackUrl: "/inbox" });
      // The account exists now; if signing in fails (a rate limit), the sign-in page still works.
      router.replace(res && !res.error ? "/inbox" : "/signin");
      router.refresh();
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get("password") ?? "");
    const same = password === String(form.get("confirm") ?? "");
    setMismatch(!same);
    accept.reset();
    if (same) accept.mutate({ body: { name: String(form.get("name") ?? "") || undefined, password } });
  }

  const busy = accept.isPending || accept.isSuccess;
  return (
    <div className="space-y-4">
      <form method="post" onSubmit={onSubmit} aria-label="Accept invitation" className="space-y-4">
        {accept.error ? <Alert tone="error">{errorText(accept.error)}</Alert> : null}
        {mismatch ? <Alert tone="error">The passwords do not match.</Alert> : null}
        <div className="space-y-1.5">
          <Label htmlFor="invite-email">Email</Label>
          <Input id="invite-email" type="email" value={email} readOnly autoComplete="username" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="invite-name">Your name (optional)</Label>
          <Input id="invite-name" name="name" maxLength={100} autoComplete="name" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="invite-password">Password</Label>
          <Input id="invite-password" name="password" type="password" autoComplete="new-password" minLength={10} required aria-describedby="invite-password-hint" />
          <Hint id="invite-password-hint">At least 10 characters.</Hint>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="invite-confirm">Repeat password</Label>
          <Input id="invite-confirm" name="confirm" type="password" autoComplete="new-password" required />
        </div>
        <Button type="submit" className="w-full" disabled={busy || !hydrated}>
          {busy ? "Creating your account…" : "Create account and join"}
        </Button>
      </form>
      {sso.length ? (
        <div className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Or use single sign-on with an identity whose verified email is {email}:</p>
          {sso.map((p) => (
            <Button key={p.id} variant="secondary" className="w-full" disabled={busy || !hydrated} onClick={() => accept.mutate({ body: { sso: true }, provider: p.id })}>
              Join with {p.name}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
