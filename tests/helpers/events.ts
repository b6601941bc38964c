// Reads a client's event stream until a condition holds (or 20 s pass), then closes it.
import type { QuestionEvent, QuestionsClient } from "@openoxide/questions-client";

export async function collect(
  client: QuestionsClient,
  opts: { lastEventId?: number; reconnect?: boolean },
  until: (seen: QuestionEvent[]) => boolean,
): Promise<QuestionEvent[]> {
  const controller = new AbortController();
  const seen: QuestionEvent[] = [];
  const timer = setTimeout(() => controller.abort(), 20_000);
  try {
    for await (const e of client.events({ ...opts, signal: controller.signal })) {
      seen.push(e);
      if (until(seen)) break;
    }
  } catch (e) {
    if (!controller.signal.aborted) throw e;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return seen;
}
