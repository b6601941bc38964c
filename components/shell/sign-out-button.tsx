"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "../ui";

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut({ callbackUrl: "/signin?signedOut=1" });
      }}
    >
      Sign out
    </Button>
  );
}
