import { twMerge } from "tailwind-merge";

/** Joins class names, skipping falsy ones; a later Tailwind class overrides a conflicting earlier one. */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return twMerge(parts.filter(Boolean).join(" "));
}
