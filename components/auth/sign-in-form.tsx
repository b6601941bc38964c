"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useHydrated } from "../ui/use-hydrated";
import { Alert, Button, Input, Label } from "../ui";
import { errorMessage } from "./messages";

export function SignInForm({ next, initialError }: { next: string; initialError: string | null }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    const res = await signIn("credentials", {
      redirect: false,
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      callbackUrl: next,
    });
    if (!res || res.error) {
      setBusy(false);
      setError(errorMessage(res?.error ?? "unknown"));
      return;
    }
    router.replace(next);
    router.refresh();
  }

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4" noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="space-y-1.5">
        <Label htmlFor="email">Email</Label>
        <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="password">Password</Label>
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <Button type="submit" className="w-full" disabled={busy || !hydrated}>
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
