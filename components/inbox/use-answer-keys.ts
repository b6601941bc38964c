"use client";
// The answer form's keyboard map: digits pick options, j/k or ↓/↑ move between options, ←/→
// between questions, Enter goes on (next, review, submit), Esc opens the reject dialog.
import { useEffect, useRef, type RefObject } from "react";

export type KeyActions = {
  digit: (index: number) => void;
  question: (delta: 1 | -1) => void;
  enter: (target: HTMLElement) => void;
  escape: () => void;
};

const TEXT_TYPES = new Set(["text", "password", "search", "email", "url", "tel", "number"]);

export function isTyping(el: HTMLElement): boolean {
  if (el.isContentEditable || el.tagName === "TEXTAREA" || el.tagName === "SELECT") return true;
  return el.tagName === "INPUT" && TEXT_TYPES.has((el as HTMLInputElement).type);
}

/** Moves focus among the `[data-kbd-item]` controls of the current step. */
export function moveFocus(root: HTMLElement, delta: 1 | -1): void {
  const items = [...root.querySelectorAll<HTMLElement>("[data-kbd-item]")];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? (delta > 0 ? 0 : items.length - 1) : Math.min(items.length - 1, Math.max(0, at + delta));
  items[next]!.focus();
}

export function useAnswerKeys(root: RefObject<HTMLElement | null>, enabled: boolean, actions: KeyActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const el = root.current;
      if (!el || e.defaultPrevented || e.isComposing || document.querySelector("dialog[open]")) return;
      const target = e.target instanceof HTMLElement ? e.target : document.body;
      const a = latest.current;
      if (e.key === "Escape") {
        e.preventDefault();
        return a.escape();
      }
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        return a.enter(target);
      }
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (isTyping(target)) {
        const singleLine = target.tagName === "INPUT";
        if (e.key === "Enter" && singleLine) {
          e.preventDefault();
          a.enter(target);
        } else if (singleLine && target.hasAttribute("data-kbd-item") && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
          e.preventDefault();
          moveFocus(el, e.key === "ArrowDown" ? 1 : -1);
        }
        return;
      }
      // Buttons and links keep their own Enter (and Space) behaviour.
      if (e.key === "Enter" && (target.tagName === "BUTTON" || target.tagName === "A")) return;
      if (/^[1-9]$/.test(e.key)) {
        e.preventDefault();
        a.digit(Number(e.key) - 1);
      } else if (e.key === "j" || e.key === "ArrowDown" || e.key === "k" || e.key === "ArrowUp") {
        e.preventDefault();
        moveFocus(el, e.key === "j" || e.key === "ArrowDown" ? 1 : -1);
      } else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        e.preventDefault();
        a.question(e.key === "ArrowRight" ? 1 : -1);
      } else if (e.key === "Enter") {
        e.preventDefault();
        a.enter(target);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled, root]);
}
