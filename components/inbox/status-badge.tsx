"use client";
// The request's status, following the live cache (the header is rendered on the server).
import { useQuery } from "@tanstack/react-query";
import { Badge, statusTone } from "@/components/ui";
import type { InboxItem } from "@/lib/questions/inbox";
import { getJson } from "@/lib/browser/api";
import { requestKey } from "./use-live-sync";

export function StatusBadge({ initial }: { initial: InboxItem }) {
  const { data } = useQuery({
    queryKey: requestKey(initial.id),
    queryFn: ({ signal }) => getJson<InboxItem>(`/api/ui/requests/${encodeURIComponent(initial.id)}`, signal),
    initialData: initial,
  });
  return (
    <Badge tone={statusTone(data.status)} className="mt-1 capitalize">
      {data.status}
    </Badge>
  );
}
