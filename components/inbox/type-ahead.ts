// Keys typed while a request page is on its way (Enter or a click on an inbox row, or the move to
// the next request after answering) belong to that page. Until its form listens they would reach
// the page being left and be lost: "j, Enter, 1" dropped the 1 (issue 22). They are held here and
// replayed, in order, once the answer form has mounted.
// Long enough for a slow server (a busy one took over 3 s); the form replays them as soon as it
// listens, and Back or opening another row ends the wait.
const HOLD_MS = 15_000;
// The keys the answer form acts on; anything else keeps its usual meaning on the page being left.
const HELD = /^([1-9]|y|a|n|Enter)$/;
const GAP_MS = 30; // lets React commit what one key changed before the next one reads it

type Held = { keys: string[]; stop: () => void };
const g = globalThis as unknown as { __typeAhead?: Held };

function typing(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** Starts holding the form's keys (called as a navigation to the request page `href` begins). */
export function holdKeys(href: string): void {
  g.__typeAhead?.stop();
  const keys: string[] = [];
  const capture = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.isComposing || !HELD.test(e.key) || typing(e.target)) return;
    // Enter on another inbox row opens that one instead (its click starts a new hold); on the row
    // being opened it is held like any key (it submits once the form is there).
    const row = e.key === "Enter" && e.target instanceof HTMLElement ? e.target.closest("a[data-inbox-row]") : null;
    if (row && row.getAttribute("href") !== href) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (!e.repeat) keys.push(e.key);
  };
  const timer = window.setTimeout(() => held.stop(), HOLD_MS);
  const back = () => held.stop();
  const held: Held = {
    keys,
    stop: () => {
      window.removeEventListener("keydown", capture, true);
      window.removeEventListener("popstate", back);
      window.clearTimeout(timer);
      if (g.__typeAhead === held) g.__typeAhead = undefined;
    },
  };
  window.addEventListener("keydown", capture, true);
  window.addEventListener("popstate", back);
  g.__typeAhead = held;
}

/** Stops holding and replays what was typed (called by the answer form once it listens). */
export function replayHeldKeys(): void {
  const held = g.__typeAhead;
  if (!held) return;
  held.stop();
  const keys = [...held.keys];
  const next = () => {
    const key = keys.shift();
    if (key === undefined) return;
    const target = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
    target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    if (keys.length) window.setTimeout(next, GAP_MS);
  };
  next();
}
