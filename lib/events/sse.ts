// Server-Sent Events for one audience: replay Event rows after Last-Event-ID, then live ones,
// with no gap and no duplicate (subscribe first, buffer while replaying, de-duplicate by id).
// The caller says what the audience may see: the teams to replay from and a row predicate.
import type { Principal } from "../auth/principal";
import { hasScope } from "../auth/principal";
import { db } from "../db/client";
import type { EventRow } from "../db/types";
import { shutdown } from "../shutdown";
import { hub } from "./hub";

const HEARTBEAT_MS = Number(process.env.SSE_HEARTBEAT_MS || 15_000);
const encoder = new TextEncoder();

export type Audience = {
  /** teams whose rows are replayed after Last-Event-ID (narrows the query; `visible` decides) */
  teamIds: string[];
  visible: (row: EventRow) => boolean;
  /** fields added to (or replacing) each event's data: the browser's gets the team, say */
  extra?: (row: EventRow) => Record<string, unknown>;
};

export function formatEvent(row: EventRow, extra: Record<string, unknown> = {}): string {
  const data = { id: row.id, type: row.type, requestId: row.requestId, createdAt: row.createdAt.toISOString(), request: JSON.parse(row.payload), ...extra };
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** An ask-only token sees the events of its own requests; answer/read tokens its team's. */
export function tokenAudience(principal: Principal): Audience {
  const teamWide = hasScope(principal, "answer", "read");
  return {
    teamIds: [principal.teamId],
    visible: (row) => row.teamId === principal.teamId && (teamWide || row.tokenId === principal.tokenId),
  };
}

export function eventStream(audience: Audience, lastEventId: number | null, signal: AbortSignal): ReadableStream<Uint8Array> {
  const { visible } = audience;
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      let lastSent = lastEventId ?? hub.lastDispatchedId;
      let replaying = true;
      const buffer: EventRow[] = [];
      const send = (row: EventRow) => {
        if (row.id <= lastSent) return;
        lastSent = row.id;
        write(formatEvent(row, audience.extra?.(row)));
      };
      const unsubscribe = hub.subscribe((row) => {
        if (!visible(row)) return;
        if (replaying) buffer.push(row);
        else send(row);
      });
      const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      signal.addEventListener("abort", cleanup, { once: true });
      void shutdown.draining.then(() => {
        write("retry: 1000\n\n: server shutting down, reconnect\n\n");
        cleanup();
      });
      write("retry: 2000\n: connected\n\n");
      try {
        if (lastEventId !== null) {
          for (;;) {
            const rows = await db().event.findMany({
              where: { teamId: { in: audience.teamIds }, id: { gt: lastSent } },
              orderBy: { id: "asc" },
              take: 500,
            });
            // Advance past invisible rows too, so the next page starts after this one.
            for (const row of rows) {
              if (visible(row)) send(row);
              else lastSent = Math.max(lastSent, row.id);
            }
            if (rows.length < 500) break;
          }
        }
        replaying = false;
        buffer.forEach(send);
        buffer.length = 0;
      } catch {
        cleanup();
      }
    },
    cancel() {
      cleanup();
    },
  });
}
