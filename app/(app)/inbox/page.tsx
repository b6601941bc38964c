import type { Metadata } from "next";
import Link from "next/link";
import { InboxView } from "@/components/inbox/inbox-view";
import { requirePageRole } from "@/app/page-role";
import { eventCursor, INBOX_FIRST, listInbox } from "@openoxide/questions-core/questions/inbox";

export const metadata: Metadata = { title: "Inbox · OpenOxide Questions" };

// /inbox — pending requests of the user's teams, oldest first, kept live by the event stream.
// No loading state (Suspense boundary): the rows come in the first HTML. Behind a fallback, React
// reveals streamed content at the earliest 300 ms after the fallback's first paint, which put the
// inbox's largest paint 300 ms after a skeleton nobody needed (the data takes milliseconds).
export default async function InboxPage() {
  const { user, teamIds } = await requirePageRole("reviewer");
  // The cursor is read before the snapshot: the stream resumes after it, so nothing falls between.
  const since = await eventCursor();
  // The first rows only: the document (HTML and the same rows as component data) is what the
  // browser parses before its first paint. The view fetches the rest as the reviewer scrolls.
  const initial = await listInbox({ teamIds, limit: INBOX_FIRST });
  const teams = user.memberships.filter((m) => teamIds.includes(m.teamId)).map((m) => ({ id: m.teamId, slug: m.teamSlug, name: m.teamName }));
  return (
    <>
      <p className="mb-2 text-right text-sm">
        <Link href="/inbox/decided" className="text-zinc-600 hover:underline dark:text-zinc-400">
          Decided by rules
        </Link>
      </p>
      <InboxView initial={initial} since={since} teams={teams} />
    </>
  );
}
