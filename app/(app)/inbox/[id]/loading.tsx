import { RequestSkeleton } from "@/components/inbox/request-skeleton";

export default function Loading() {
  return <RequestSkeleton />;
}
