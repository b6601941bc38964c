// /history/[id] — one resolved request with every answer and note (leads and admins of its team;
// a reviewer, for the decisions they made). Another team's or person's, a pending or an unknown
// request is the same 404: ids reveal nothing.
import type { Metadata } from "next";
import Link from "next/link";
import { forbidden, notFound } from "next/navigation";
import { AnswerView } from "@/components/history/answer-view";
import { requestTitle, STATUS_LABEL } from "@/components/history/format";
import { RequestFacts, Timeline } from "@/components/history/request-facts";
import { ResolvedBy } from "@/components/history/resolved-by";
import { ContextMarkdown } from "@/components/inbox/markdown";
import { Alert, Badge, Card, CardBody, CardHeader, statusTone } from "@/components/ui";
import { requireUser } from "@openoxide/questions-core/auth/session";
import { getHistoryItem, historyScopeFor, isEmpty } from "@openoxide/questions-core/questions/history";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${(await params).id} · History · OpenOxide Questions` };
}

export default async function HistoryDetailPage({ params }: Props) {
  const user = await requireUser();
  const scope = historyScopeFor(user);
  if (isEmpty(scope)) forbidden();
  const { id } = await params;
  const item = await getHistoryItem({ ...scope, id });
  if (!item) notFound();
  const r = item.request;
  const answers = r.response && "answers" in r.response ? r.response.answers : {};
  const rejection = r.response && "rejection" in r.response ? r.response.rejection : null;
  const teamName = user.memberships.find((m) => m.teamId === item.teamId)?.teamName;

  return (
    <div className="space-y-5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/history" className="text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
          ← History
        </Link>
      </nav>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={statusTone(r.status)}>{STATUS_LABEL[r.status]}</Badge>
          <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{r.id}</span>
        </div>
        <h1 className="text-xl font-semibold tracking-tight break-words">{requestTitle(r)}</h1>
      </header>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-5">
          {rejection ? (
            <Alert tone={rejection.code === "reviewer_rejected" ? "error" : "warning"}>
              <p className="font-medium">
                {STATUS_LABEL[r.status]} <span className="font-mono text-xs font-normal">({rejection.code})</span>
              </p>
              <p className="mt-0.5 whitespace-pre-wrap">{rejection.message}</p>
            </Alert>
          ) : null}

          {r.context ? (
            <Card>
              <CardHeader title="Context" />
              <CardBody>
                <ContextMarkdown source={r.context} />
              </CardBody>
            </Card>
          ) : null}

          <Card aria-labelledby="answers-heading">
            <CardHeader
              id="answers-heading"
              title={rejection ? "Questions" : "Questions and answers"}
              description={`${r.questions.length} question${r.questions.length === 1 ? "" : "s"}`}
            />
            <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {r.questions.map((q, i) => (
                <AnswerView key={q.id} index={i} question={q} answer={answers[q.id]} secret={item.secrets.find((s) => s.questionId === q.id)} reviewer={<ResolvedBy resolvedBy={r.resolvedBy} rule={item.rule} />} />
              ))}
            </div>
          </Card>
        </div>

        <aside className="space-y-5">
          <Card>
            <CardHeader title="Timeline" />
            <CardBody>
              <Timeline item={item} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Details" />
            <CardBody className="py-1">
              <RequestFacts item={item} teamName={teamName} />
            </CardBody>
          </Card>
        </aside>
      </div>
    </div>
  );
}
