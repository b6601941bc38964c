"use client";
// A modal asking for the reason the agent will receive. Enter confirms, Shift+Enter adds a line,
// Esc closes (the native <dialog> cancel).
import { useEffect, useId, useRef, useState } from "react";
import { Alert, Button, Hint, Label, Textarea } from "@/components/ui";

type Props = { open: boolean; busy: boolean; error: string | null; onClose: () => void; onConfirm: (reason: string) => void };

export function RejectDialog({ open, busy, error, onClose, onConfirm }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const confirm = () => {
    if (reason.trim() === "") return setMissing(true);
    onConfirm(reason.trim());
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form
        method="dialog"
        className="grid gap-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Reject this request
        </h2>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <Textarea
            id={`${id}-reason`}
            autoFocus
            required
            rows={3}
            value={reason}
            aria-invalid={missing || undefined}
            aria-describedby={`${id}-hint`}
            onChange={(e) => {
              setReason(e.target.value);
              setMissing(false);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                confirm();
              }
            }}
          />
          <Hint id={`${id}-hint`}>{missing ? "A reason is required: the agent reads it to adjust its plan." : "The agent receives this reason. Enter confirms, Shift+Enter adds a line."}</Hint>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? "Rejecting…" : "Reject request"}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
