// Where to send a user after sign-in: only a path on this site. Parsed the way a browser parses a
// Location header (WHATWG URL: tabs and newlines dropped, `\` read as `/`), so `/\t/evil.example`
// cannot become `//evil.example`; the result is re-serialised, so no raw control character reaches
// a header (which used to be a 500).
const BASE = "http://same-origin.invalid";

export function safeNext(next: string | null | undefined, fallback = "/inbox"): string {
  if (!next || !next.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // A path that starts `//` would again be read as another host when used as a Location.
  return path.startsWith("//") ? fallback : path;
}
