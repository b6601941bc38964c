"use client";
// Says who resolved a request and how, once it is no longer pending.
import Link from "next/link";
import { Alert, buttonClass } from "@/components/ui";
import type { QuestionRequest } from "@/lib/questions/schemas";
import { formatTime } from "@/lib/time/format";

/** The reviewer's reason inside the deterministic rejection sentence (lib/questions/messages.ts). */
function reasonOf(message: string): string | null {
  return /Reason: ([\s\S]*?)(?: Do not (?:ask|wait)\b[\s\S]*)?$/.exec(message)?.[1]?.trim() || null;
}

export function resolutionText(r: QuestionRequest): string {
  const at = r.resolvedAt ? formatTime(r.resolvedAt) : "";
  const by = r.resolvedBy ?? "someone";
  const rejection = r.response && "rejection" in r.response ? r.response.rejection : null;
  switch (r.status) {
    case "answered":
      return `Answered by ${by} at ${at}.`;
    case "rejected": {
      const reason = rejection ? reasonOf(rejection.message) : null;
      if (rejection?.code === "reviewer_rejected") return `Rejected by ${by}${reason ? `: ${reason}` : ""} (${at}).`;
      return `Rejected automatically (${rejection?.code === "policy_denied" ? "policy" : "non-interactive run"}) at ${at}.`;
    }
    case "cancelled":
      return `Cancelled by the agent at ${at}.`;
    case "expired":
      return `Expired at ${at}: nobody answered in time.`;
    default:
      return "";
  }
}

export function ResolutionNotice({ request, nextHref }: { request: QuestionRequest; nextHref: string }) {
  return (
    <Alert tone={request.status === "answered" ? "success" : "warning"} className="flex flex-wrap items-center justify-between gap-3">
      <span>
        <span className="font-medium">This request is closed. </span>
        <span>{resolutionText(request)}</span>
      </span>
      <Link href={nextHref} className={buttonClass("secondary", "sm")}>
        {nextHref === "/inbox" ? "Back to the inbox" : "Next request"}
      </Link>
    </Alert>
  );
}
