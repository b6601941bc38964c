"use client";
// Deny asks for an optional note (SPEC §6, issue 22): the agent reads it to adjust its plan. Enter
// denies (with or without a note), Shift+Enter adds a line, Esc or Cancel goes back undecided.
import { useEffect, useId, useRef, useState } from "react";
import { Button, Hint, Label, Textarea } from "@/components/ui";

type Props = { open: boolean; initialNote: string; onClose: () => void; onConfirm: (note: string) => void };

export function DenyDialog({ open, initialNote, onClose, onConfirm }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [note, setNote] = useState(initialNote);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setNote(initialNote);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialNote]);

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
          onConfirm(note.trim());
        }}
      >
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Deny this action
        </h2>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-note`}>Note for the agent (optional)</Label>
          <Textarea
            id={`${id}-note`}
            autoFocus
            rows={3}
            value={note}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                onConfirm(note.trim());
              }
            }}
          />
          <Hint id={`${id}-hint`}>Say what to do instead, if anything. Enter denies, Shift+Enter adds a line.</Hint>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger">
            Deny
          </Button>
        </div>
      </form>
    </dialog>
  );
}
