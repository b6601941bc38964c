// The one fetch wrapper for the browser's calls to /api/ui/**: JSON in and out, same-origin
// cookies, no caching; a problem+json answer becomes a UiError whose message is the server's
// `detail` (written for people), so forms show it as is.
import type { Problem } from "@/lib/questions/schemas";

export class UiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(problem?.detail ?? problem?.title ?? `Request failed (${status}).`);
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export async function uiFetch<T>(method: Method, path: string, opts: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { accept: "application/json", ...(method === "GET" ? {} : { "content-type": "application/json" }), ...opts.headers },
    // Mutations always carry a JSON body: the server accepts nothing else (CSRF).
    body: method === "GET" ? undefined : JSON.stringify(opts.body ?? {}),
    cache: "no-store",
    signal: opts.signal,
  });
  if (res.status === 204) return undefined as T;
  if (res.ok) return (await res.json()) as T;
  let problem: Problem | null = null;
  try {
    problem = (await res.json()) as Problem;
  } catch {
    // not JSON (a proxy's error page): keep the status only
  }
  throw new UiError(res.status, problem);
}

export const getJson = <T>(path: string, signal?: AbortSignal) => uiFetch<T>("GET", path, { signal });
export const postJson = <T>(path: string, body: unknown, headers: Record<string, string> = {}) => uiFetch<T>("POST", path, { body, headers });

/** 409 (resolved meanwhile) and 412 (changed since it was read). */
export const isConflict = (e: unknown) => e instanceof UiError && (e.status === 409 || e.status === 412);

/** A sentence for a form: the server's own words, or what to do when it could not be reached. */
export function errorText(e: unknown): string {
  if (e instanceof UiError) return e.message;
  return "Could not reach the server. Check your connection and try again.";
}
