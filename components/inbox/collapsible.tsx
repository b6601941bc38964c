"use client";
// Long request context folds to a few lines with "Show all", so the questions stay near the top
// of the page (issue 13), on a phone above all. Short context is shown whole.
import { useId, useState, type ReactNode } from "react";
import { Button, cn } from "@/components/ui";

export function Collapsible({ long, children }: { long: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const folded = long && !open;
  return (
    <div>
      <div id={id} className={cn("relative", folded && "max-h-48 overflow-hidden")}>
        {children}
        {folded ? (
          <div aria-hidden className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-white dark:from-zinc-900" />
        ) : null}
      </div>
      {long ? (
        <Button variant="secondary" size="sm" className="mt-2" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? "Show less" : "Show all"}
        </Button>
      ) : null}
    </div>
  );
}
