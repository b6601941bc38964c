// Keyset paging links: the cursor is opaque, the filters ride along in the URL.
import Link from "next/link";
import { buttonClass, cn } from "@/components/ui";

type Props = { newer: string | null; older: string | null; label?: string };

export function Pager({ newer, older, label }: Props) {
  if (!newer && !older) return null;
  const disabled = "pointer-events-none opacity-40";
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2">
      {newer ? (
        <Link href={newer} className={buttonClass("secondary", "sm")} rel="prev">
          ← Newer
        </Link>
      ) : (
        <span aria-hidden className={cn(buttonClass("secondary", "sm"), disabled)}>
          ← Newer
        </span>
      )}
      {label ? <span className="text-xs text-zinc-500 dark:text-zinc-400">{label}</span> : null}
      {older ? (
        <Link href={older} className={buttonClass("secondary", "sm")} rel="next">
          Older →
        </Link>
      ) : (
        <span aria-hidden className={cn(buttonClass("secondary", "sm"), disabled)}>
          Older →
        </span>
      )}
    </nav>
  );
}
