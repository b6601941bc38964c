"use client";
import { useEffect, useSyncExternalStore } from "react";
import { Button } from "./ui";
import { applyTheme, THEME_KEY, type ThemeChoice } from "./theme";

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: "light", light: "dark", dark: "system" };
const ICON: Record<ThemeChoice, string> = { system: "◐", light: "☀", dark: "☾" };
const CHANGED = "oq-theme-change";

function stored(): ThemeChoice {
  const v = localStorage.getItem(THEME_KEY);
  return v === "light" || v === "dark" ? v : "system";
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function ThemeToggle() {
  // The server cannot know the stored choice: it renders "system" and the client corrects it.
  const choice = useSyncExternalStore(subscribe, stored, () => "system" as const);

  useEffect(() => {
    applyTheme(choice);
    if (choice !== "system") return;
    const media = matchMedia("(prefers-color-scheme: dark)");
    const follow = () => applyTheme("system");
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, [choice]);

  function cycle() {
    const next = NEXT[choice];
    if (next === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, next);
    window.dispatchEvent(new Event(CHANGED));
  }

  return (
    <Button variant="ghost" size="sm" onClick={cycle} aria-label={`Theme: ${choice}. Switch theme`} title={`Theme: ${choice}`}>
      <span aria-hidden className="text-base leading-none">
        {ICON[choice]}
      </span>
    </Button>
  );
}
