"use client";
// The audit trail's table: newest first, more pages on demand, and the CSV export of all of it.
import { useState } from "react";
import { errorText, getJson } from "@/lib/browser/api";
import type { AuditItem, AuditPage } from "@/lib/audit/list";
import { formatTime } from "@/lib/time/format";
import { Alert, Button, buttonClass, Card, CardBody, CardHeader, EmptyState } from "../ui";
import { settingsUrl } from "./mutations";

function summary(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" · ");
}

function Row({ item }: { item: AuditItem }) {
  return (
    <tr className="align-top">
      <td className="py-2 pr-3 font-mono text-xs text-zinc-500">#{item.seq}</td>
      <td className="py-2 pr-3 text-xs whitespace-nowrap">
        <time dateTime={item.at}>{formatTime(item.at)}</time>
      </td>
      <td className="py-2 pr-3 text-sm">{item.actor}</td>
      <td className="py-2 pr-3 font-mono text-xs">{item.address ?? "—"}</td>
      <td className="py-2 pr-3 font-mono text-xs">{item.action}</td>
      <td className="py-2 pr-3 font-mono text-xs break-all">{item.target ?? ""}</td>
      <td className="py-2 text-xs break-words text-zinc-600 dark:text-zinc-400">{summary(item.details)}</td>
    </tr>
  );
}

export function AuditLog({ teamId, first }: { teamId: string; first: AuditPage }) {
  const [items, setItems] = useState(first.data);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const more = async () => {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await getJson<AuditPage>(`${settingsUrl(teamId, "audit")}?cursor=${encodeURIComponent(cursor)}`);
      setItems((old) => [...old, ...page.data]);
      setCursor(page.nextCursor);
      setError(null);
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Card aria-labelledby="audit-title">
      <CardHeader
        id="audit-title"
        title="Entries"
        actions={
          <a className={buttonClass("secondary", "sm")} href={settingsUrl(teamId, "audit", "export")} download>
            Export CSV
          </a>
        }
      />
      <CardBody className="overflow-x-auto">
        {items.length === 0 ? (
          <EmptyState title="Nothing recorded yet" description="Decisions and settings changes of this team will appear here." />
        ) : (
          <table className="w-full text-left">
            <caption className="sr-only">Audit trail, newest first</caption>
            <thead className="text-xs text-zinc-500 dark:text-zinc-400">
              <tr>
                <th className="pr-3 font-medium">Seq</th>
                <th className="pr-3 font-medium">When</th>
                <th className="pr-3 font-medium">Who</th>
                <th className="pr-3 font-medium">From</th>
                <th className="pr-3 font-medium">Action</th>
                <th className="pr-3 font-medium">Target</th>
                <th className="font-medium">Details</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {items.map((i) => (
                <Row key={i.id} item={i} />
              ))}
            </tbody>
          </table>
        )}
        {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
        {cursor ? (
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void more()} disabled={loading}>
            Load older entries
          </Button>
        ) : null}
      </CardBody>
    </Card>
  );
}
