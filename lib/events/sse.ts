// Server-Sent Events for one principal: replay Event rows after Last-Event-ID, then live ones,
// with no gap and no duplicate (subscribe first, buffer while replaying, de-duplicate by id).
import type { Principal } from "../auth/principal";
import { hasScope } from "../auth/principal";
import { db } from "../db/client";
import type { EventRow } from "../db/types";
import { shutdown } from "../shutdown";
import { hub } from "./hub";

const HEARTBEAT_MS = Number(process.env.SSE_HEARTBEAT_MS || 15_000);
const encoder = new TextEncoder();

export function formatEvent(row: EventRow): string {
  const data = { id: row.id, type: row.type, requestId: row.requestId, createdAt: row.createdAt.toISOString(), request: JSON.parse(row.payload) };
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function eventStream(principal: Principal, lastEventId: number | null, signal: AbortSignal): ReadableStream<Uint8Array> {
  const teamWide = hasScope(principal, "answer", "read");
  const visible = (row: EventRow) => row.teamId === principal.teamId && (teamWide || row.tokenId === principal.tokenId);
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
        write(formatEvent(row));
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
              where: { teamId: principal.teamId, ...(teamWide ? {} : { tokenId: principal.tokenId }), id: { gt: lastSent } },
              orderBy: { id: "asc" },
              take: 500,
            });
            rows.forEach(send);
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
