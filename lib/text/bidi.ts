// Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) let
// agent-written text display in another order than it is stored: "gnp.exe" behind U+202E reads as
// "exe.png". A reviewer must see what the agent sent, so they are removed from every string an
// agent writes, once, where requests are created. Marks (LRM, RLM, ALM) cannot reorder runs like
// that and stay, as do right-to-left scripts themselves.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/** The same value with every string inside it (object keys included) stripped. */
export function stripBidiDeep<T>(value: T): T {
  if (typeof value === "string") return stripBidiControls(value) as T;
  if (Array.isArray(value)) return value.map(stripBidiDeep) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [stripBidiControls(k), stripBidiDeep(v)])) as T;
  }
  return value;
}
