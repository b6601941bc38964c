"use client";
// A read-only value shown once (a token, an invitation link) with a copy button.
import { useState } from "react";
import { Button, Input, Label } from "../ui";

export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      // No clipboard outside secure contexts (plain http on a LAN address): select it instead.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied("failed");
    }
  }

  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="min-w-0 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" onClick={copy}>
          {copied === "yes" ? "Copied" : "Copy"}
        </Button>
      </div>
      {copied === "failed" ? <p className="text-xs">Copying is blocked here: the value is selected, press Ctrl+C.</p> : null}
    </div>
  );
}
