"use client";
import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useHydrated } from "../ui/use-hydrated";
import { setupAction } from "@/app/setup/actions";
import { Alert, Button, Hint, Input, Label } from "../ui";

export function SetupForm() {
  const hydrated = useHydrated();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    if (password !== String(form.get("confirm") ?? "")) {
      setError("The passwords do not match.");
      return;
    }
    setBusy(true);
    setError(null);
    const result = await setupAction({ email, name: String(form.get("name") ?? ""), password });
    if (!result.ok) {
      setBusy(false);
      setDone(!!result.done);
      setError(result.error);
      return;
    }
    const res = await signIn("credentials", { redirect: false, email, password, callbackUrl: "/inbox" });
    // Settings is where the next step happens: a token for the first agent (the page says so).
    router.replace(res?.ok ? "/settings?welcome=1" : "/signin");
    router.refresh();
  }

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4">
      {error ? (
        <Alert tone="error">
          {error}{" "}
          {done ? (
            <Link href="/signin" className="font-medium underline">
              Sign in
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="name">Name</Label>
        <Input id="name" name="name" autoComplete="name" maxLength={100} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="email">Email</Label>
        <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="password">Password</Label>
        <Input id="password" name="password" type="password" autoComplete="new-password" minLength={10} required aria-describedby="password-hint" />
        <Hint id="password-hint">At least 10 characters.</Hint>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="confirm">Confirm password</Label>
        <Input id="confirm" name="confirm" type="password" autoComplete="new-password" required />
      </div>
      <Button type="submit" className="w-full" disabled={busy || !hydrated}>
        {busy ? "Creating…" : "Create admin account"}
      </Button>
    </form>
  );
}
