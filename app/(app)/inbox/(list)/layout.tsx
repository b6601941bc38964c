import { requirePageRole } from "@/app/page-role";

// The role check runs here, outside the page's loading boundary: a streamed page could no longer
// answer 403 to someone without a reviewer role in any team.
export default async function InboxListLayout({ children }: { children: React.ReactNode }) {
  await requirePageRole("reviewer");
  return children;
}
