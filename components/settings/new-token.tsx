"use client";
import { ConnectAgent } from "../shell/connect-agent";
import { Alert, Button } from "../ui";
import { CopyField } from "./copy-field";

/** The freshly created token: shown once, with a copy button. Only this component ever holds it. */
export function NewToken({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  return (
    <Alert tone="success" className="space-y-2">
      <p className="font-medium">Token “{name}” created. Copy it now: it is not shown again.</p>
      <CopyField id="new-token" label="New token" value={token} />
      <details className="rounded-md border border-emerald-200 bg-white/60 p-2 text-zinc-900 open:pb-3 dark:border-emerald-900 dark:bg-zinc-900/60 dark:text-zinc-100">
        <summary className="cursor-pointer text-sm font-medium">Connect an agent with this token</summary>
        <div className="mt-2">
          <ConnectAgent fresh />
        </div>
      </details>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Done
      </Button>
    </Alert>
  );
}
