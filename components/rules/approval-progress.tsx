// "1 of 2 approvals" on a request that needs several approvers, with who approved and when.
// Live: the request's `request.updated` events carry the votes (components/inbox/use-live-sync.ts).
import type { QuestionRequest } from "@openoxide/questions-core/questions/schemas";

export function ApprovalProgress({ request }: { request: Pick<QuestionRequest, "approvals"> }) {
  const a = request.approvals;
  if (!a || a.required < 2) return null;
  const approved = a.votes.filter((v) => v.decision === "approve");
  return (
    <div role="status" aria-label="Approvals" className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-200">
      <p className="font-medium">
        {approved.length} of {a.required} approvals
      </p>
      {approved.length ? (
        <ul className="mt-1 text-xs">
          {approved.map((v) => (
            <li key={v.by}>
              Approved by {v.by} at <time dateTime={v.at}>{new Date(v.at).toLocaleString()}</time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs">This action needs {a.required} different people to approve it; one Deny rejects it.</p>
      )}
    </div>
  );
}
