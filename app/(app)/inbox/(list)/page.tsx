import type { Metadata } from "next";
import Link from "next/link";
import { InboxView } from "@/components/inbox/inbox-view";
import { requirePageRole } from "@/app/page-role";
import { eventCursor, listInbox } from "@openoxide/questions-core/questions/inbox";

export const metadata: Metadata = { title: "Inbox · OpenOxide Questions" };

// /inbox — pending requests of the user's teams, oldest first, kept live by the event stream
export default async function InboxPage() {
  const { user, teamIds } = await requirePageRole("reviewer");
  // The cursor is read before the snapshot: the stream resumes after it, so nothing falls between.
  const since = await eventCursor();
  const initial = await listInbox({ teamIds });
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
