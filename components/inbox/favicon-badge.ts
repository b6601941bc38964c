"use client";
// The pending count drawn on the favicon (as well as in the title), so a pinned or background
// tab shows that an agent is waiting. The plain icon comes back when the inbox unmounts.
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

function loadIcon(): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = reject;
    img.src = ICON;
  });
}

async function drawBadge(count: number): Promise<string> {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = SIZE;
  const ctx = canvas.getContext("2d");
  if (!ctx) return ICON;
  ctx.drawImage(await loadIcon(), 0, 0, SIZE, SIZE);
  const label = count > 99 ? "99+" : String(count);
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
  return canvas.toDataURL("image/png");
}

export function useFaviconCount(count: number): void {
  useEffect(() => {
    let cancelled = false;
    const links = iconLinks();
    const original = links.map((l) => l.getAttribute("href"));
    void (count > 0 ? drawBadge(count) : Promise.resolve(ICON)).then(
      (href) => {
        if (cancelled) return;
        for (const l of links) l.href = href;
        document.documentElement.dataset.faviconCount = String(count);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      links.forEach((l, i) => original[i] && l.setAttribute("href", original[i]!));
      delete document.documentElement.dataset.faviconCount;
    };
  }, [count]);
}
