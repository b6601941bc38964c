// Calls to the settings routes: JSON in, JSON out; a problem+json answer becomes an Error with
// its detail, which the forms show as is (the server writes those messages for people).
export async function send<T = unknown>(method: "POST" | "PATCH" | "DELETE", url: string, body: unknown = {}): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    cache: "no-store",
  });
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => null)) as (T & { detail?: string; title?: string }) | null;
  if (!res.ok) throw new Error(data?.detail || data?.title || `Request failed (${res.status}).`);
  return data as T;
}

export function settingsUrl(teamId: string, ...rest: string[]): string {
  return ["/api/ui/settings/teams", encodeURIComponent(teamId), ...rest.map(encodeURIComponent)].join("/");
}
