"use client";
import { useState } from "react";
import { ConnectAgent } from "../shell/connect-agent";
import { Alert, Button, Input, Label } from "../ui";

/** The freshly created token: shown once, with a copy button. Only this component ever holds it. */
export function NewToken({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopied("yes");
    } catch {
      // No clipboard outside secure contexts (plain http on a LAN address): select it instead.
      (document.getElementById("new-token") as HTMLInputElement | null)?.select();
      setCopied("failed");
    }
  }

  return (
    <Alert tone="success" className="space-y-2">
      <p className="font-medium">Token “{name}” created. Copy it now: it is not shown again.</p>
      <div className="space-y-1">
        <Label htmlFor="new-token" className="text-xs">
          New token
        </Label>
        <div className="flex min-w-0 gap-2">
          <Input id="new-token" readOnly value={token} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" onClick={copy}>
            {copied === "yes" ? "Copied" : "Copy"}
          </Button>
        </div>
        {copied === "failed" ? <p className="text-xs">Copying is blocked here: the token is selected, press Ctrl+C.</p> : null}
      </div>
      <details className="rounded-md border border-emerald-200 bg-white/60 p-2 text-zinc-900 open:pb-3 dark:border-emerald-900 dark:bg-zinc-900/60 dark:text-zinc-100">
        <summary className="cursor-pointer text-sm font-medium">Connect an agent with this token</summary>
        <div className="mt-2">
          <ConnectAgent token={token} />
        </div>
      </details>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Done
      </Button>
    </Alert>
  );
}
