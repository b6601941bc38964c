"use client";
// One request as the live cache has it: the server-rendered parts of its page follow it too.
import { useQuery } from "@tanstack/react-query";
import type { InboxItem } from "@/lib/questions/inbox";
import { getJson } from "@/lib/browser/api";
import { requestKey } from "./use-live-sync";

export function useLiveRequest(initial: InboxItem): InboxItem {
  const { data } = useQuery({
    queryKey: requestKey(initial.id),
    queryFn: ({ signal }) => getJson<InboxItem>(`/api/ui/requests/${encodeURIComponent(initial.id)}`, signal),
    initialData: initial,
  });
  return data;
}
