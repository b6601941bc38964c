// Waits until the server reports waits parked on a request (the Parked-Waits header of a plain
// read: long-polls past their read, which the request's next event wakes). A test that answers
// only then knows the wake-up, not the waiter's first read, is what returns the answer.
import { inject } from "vitest";

export async function parked(id: string, opts: { count?: number; exactly?: boolean; token?: string; baseUrl?: string; timeoutMs?: number; intervalMs?: number } = {}): Promise<void> {
  const count = opts.count ?? 1;
  const baseUrl = opts.baseUrl ?? inject("baseUrl");
  const token = opts.token ?? inject("tokens").all;
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  let seen: string | null = null;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`reading ${id} for its parked waits: ${res.status} ${await res.text()}`);
    await res.body?.cancel();
    seen = res.headers.get("parked-waits");
    if (opts.exactly ? Number(seen) === count : Number(seen) >= count) return;
    // A server with a small RATE_LIMIT_PER_MINUTE needs a slower poll (each read spends a unit).
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
  throw new Error(`${opts.exactly ? "exactly " : ""}${count} wait(s) never parked on ${id} (Parked-Waits: ${seen})`);
}
