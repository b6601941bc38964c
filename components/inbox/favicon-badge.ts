"use client";
// The pending count drawn on the favicon (as well as in the title), so a pinned or background
// tab shows that an agent is waiting.
import { useEffect } from "react";

const SIZE = 64;
const ICON = "/icon.svg";

function iconLinks(): HTMLLinkElement[] {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];
  if (links.length) return links;
  const link = document.createElement("link");
  link.rel = "icon";
  document.head.appendChild(link);
  return [link];
}

let icon: Promise<HTMLImageElement> | null = null;
// One drawing per label: the count goes up and down by one as requests come and go.
const drawn = new Map<string, string>();

function loadIcon(): Promise<HTMLImageElement> {
  icon ??= new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = reject;
    img.src = ICON;
  }).catch((e: unknown) => {
    icon = null;
    throw e;
  });
  return icon;
}

async function drawBadge(count: number): Promise<string> {
  const label = count > 99 ? "99+" : String(count);
  const known = drawn.get(label);
  if (known) return known;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = SIZE;
  const ctx = canvas.getContext("2d");
  if (!ctx) return ICON;
  ctx.drawImage(await loadIcon(), 0, 0, SIZE, SIZE);
  const r = SIZE * 0.3;
  ctx.fillStyle = "#dc2626";
  ctx.beginPath();
  ctx.arc(SIZE - r, SIZE - r, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = "#fff";
  ctx.font = `bold ${label.length > 2 ? SIZE * 0.22 : SIZE * 0.34}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(label, SIZE - r, SIZE - r + 1);
  const href = canvas.toDataURL("image/png");
  drawn.set(label, href);
  return href;
}

/**
 * The count in the tab's title and on its favicon. Set in a task of its own after the render: both
 * go to the browser process, and a live event's render (its new row) should not wait for them.
 * The plain icon comes back when the inbox unmounts, not at every change (each swap loads an icon).
 */
export function useTabCount(count: number, title: string): void {
  useEffect(() => {
    const links = iconLinks();
    const original = links.map((l) => l.getAttribute("href"));
    return () => {
      links.forEach((l, i) => original[i] && l.setAttribute("href", original[i]!));
      delete document.documentElement.dataset.faviconCount;
    };
  }, []);
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      document.title = count > 0 ? `(${count}) ${title}` : title;
      void (count > 0 ? drawBadge(count) : Promise.resolve(ICON)).then(
        (href) => {
          if (cancelled) return;
          for (const l of iconLinks()) if (l.getAttribute("href") !== href) l.href = href;
          document.documentElement.dataset.faviconCount = String(count);
        },
        () => undefined,
      );
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [count, title]);
}
