"use client";
import { signIn } from "next-auth/react";
import { Button } from "../ui";

export function OAuthButtons({ providers, next }: { providers: { id: string; name: string }[]; next: string }) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-5 space-y-2 border-t border-zinc-200 pt-5 dark:border-zinc-800">
      {providers.map((p) => (
        <Button key={p.id} variant="secondary" className="w-full" onClick={() => void signIn(p.id, { callbackUrl: next })}>
          Continue with {p.name}
        </Button>
      ))}
    </div>
  );
}
