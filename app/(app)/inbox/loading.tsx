import { InboxSkeleton } from "@/components/inbox/inbox-skeleton";

export default function Loading() {
  return <InboxSkeleton />;
}
