import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card, CardBody, CardHeader } from "@/components/ui";
import { AnswerForm } from "@/components/inbox/answer-form";
import { Collapsible } from "@/components/inbox/collapsible";
import { ContextMarkdown, isLongContext } from "@/components/inbox/markdown";
import { RequestDetails, RequestHeader } from "@/components/inbox/request-header";
import { requirePageRole } from "@/app/page-role";
import { eventCursor, getInboxRequest } from "@openoxide/questions-core/questions/inbox";

export const metadata: Metadata = { title: "Answer · OpenOxide Questions" };

// /inbox/[id] — one request: its context and the answer form (another team's request: 404)
export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { teamIds } = await requirePageRole("reviewer");
  const since = await eventCursor();
  const request = await getInboxRequest({ teamIds, id });
  if (!request) notFound();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <RequestHeader request={request} />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
          {request.context ? (
            <Card>
              <CardHeader title="Context" />
              <CardBody>
                <Collapsible long={isLongContext(request.context)}>
                  <ContextMarkdown source={request.context} />
                </Collapsible>
              </CardBody>
            </Card>
          ) : null}
          <AnswerForm initial={request} since={since} />
        </div>
        <RequestDetails request={request} />
      </div>
    </div>
  );
}
