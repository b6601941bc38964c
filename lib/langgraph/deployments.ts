// The LangGraph deployments a team's inbox watches: connect (the API key sealed with the key ring,
// bound to the deployment), list (never the key), disconnect. Used by Settings and the admin CLI.
import { z } from "zod";
import { db } from "../db/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import { open, seal } from "../secrets/seal";
import { apiKeyBinding } from "./binding";

const Url = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => /^https?:\/\//i.test(s) && URL.canParse(s), "must be an http or https URL")
  .refine((s) => !URL.canParse(s) || (!new URL(s).username && !new URL(s).password), "must not carry credentials (use the API key)");

export const ConnectDeploymentBody = z
  .object({
    url: Url,
    graphs: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
    apiKey: z.string().trim().min(1).max(1000).optional(),
  })
  .strict();
export type ConnectDeploymentInput = z.output<typeof ConnectDeploymentBody>;

export type DeploymentView = {
  id: string;
  url: string;
  graphs: string[];
  hasApiKey: boolean;
  lastPolledAt: string | null;
  lastError: string | null;
  failureStreak: number;
  pending: number;
  createdAt: string;
};

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["langGraphDeployment"]["findUnique"]>>>;


export function openApiKey(d: Pick<Row, "teamId" | "id" | "apiKeySealed">): string | undefined {
  return d.apiKeySealed ? open(d.apiKeySealed, apiKeyBinding(d.teamId, d.id)) : undefined;
}

export const graphList = (graphs: string): string[] => graphs.split(",").filter(Boolean);

function view(d: Row, pending: number): DeploymentView {
  return {
    id: d.id,
    url: d.url,
    graphs: graphList(d.graphs),
    hasApiKey: Boolean(d.apiKeySealed),
    lastPolledAt: d.lastPolledAt?.toISOString() ?? null,
    lastError: d.lastError,
    failureStreak: d.failureStreak,
    pending,
    createdAt: d.createdAt.toISOString(),
  };
}

export async function connectDeployment(teamId: string, input: ConnectDeploymentInput): Promise<DeploymentView> {
  const id = newId("lgd");
  const url = input.url.replace(/\/+$/, "");
  const existing = await db().langGraphDeployment.findFirst({ where: { teamId, url }, select: { id: true } });
  if (existing) throw new AppError("conflict", "This deployment is already connected for this team.");
  const row = await db().langGraphDeployment.create({
    data: { id, teamId, url, graphs: input.graphs.join(","), apiKeySealed: input.apiKey ? seal(input.apiKey, apiKeyBinding(teamId, id)) : null },
  });
  return view(row, 0);
}

export async function listDeployments(teamId: string): Promise<DeploymentView[]> {
  const rows = await db().langGraphDeployment.findMany({ where: { teamId }, orderBy: { createdAt: "asc" } });
  const counts = await Promise.all(rows.map((r) => db().langGraphInterrupt.count({ where: { deploymentId: r.id, state: "pending" } })));
  return rows.map((r, i) => view(r, counts[i]!));
}

/** Disconnecting stops the watching; requests already in the inbox stay (answers are then not sent back). */
export async function disconnectDeployment(teamId: string, id: string): Promise<void> {
  const { count } = await db().langGraphDeployment.deleteMany({ where: { id, teamId } });
  if (count === 0) throw new AppError("not_found", `No LangGraph deployment ${id}.`);
}
