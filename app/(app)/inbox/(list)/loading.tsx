// The list lives in a route group so its loading state (a Suspense boundary) does not wrap
// /inbox/[id]: there a 404 must be decided before streaming starts, or it is sent as 200.
import { InboxSkeleton } from "@/components/inbox/inbox-skeleton";

export default function Loading() {
  return <InboxSkeleton />;
}
