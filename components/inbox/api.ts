// Fetch helpers for the /api/ui routes: JSON in and out, problem+json turned into UiError.
import type { Problem } from "@/lib/questions/schemas";

export class UiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(problem?.detail ?? problem?.title ?? `Request failed (${status})`);
  }
}

async function parse<T>(res: Response): Promise<T> {
  if (res.ok) return (await res.json()) as T;
  let problem: Problem | null = null;
  try {
    problem = (await res.json()) as Problem;
  } catch {
    // not JSON (a proxy error page): keep the status only
  }
  throw new UiError(res.status, problem);
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return parse<T>(await fetch(path, { headers: { accept: "application/json" }, cache: "no-store", signal }));
}

export async function postJson<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return parse<T>(res);
}

/** 409 (resolved meanwhile) and 412 (changed since it was read): show the request as locked. */
export const isConflict = (e: unknown) => e instanceof UiError && (e.status === 409 || e.status === 412);
