// `npm run admin -- langgraph connect|list|disconnect`, plugged into scripts/admin.ts.
import { db } from "../db/client";
import { AdminError } from "../admin/commands";
import { fieldErrors } from "../errors";
import { ConnectDeploymentBody, connectDeployment, disconnectDeployment, listDeployments } from "./deployments";

type Values = Record<string, string | undefined>;
type CliCommand = {
  args: string[];
  options: Record<string, { type: "string"; multiple?: boolean }>;
  required?: string[];
  run: (args: string[], values: Values) => Promise<string[]>;
};

export const LANGGRAPH_USAGE = `  langgraph connect --team <slug> --url <url> [--graph <assistant or graph id>]… [--api-key-env VAR]
  langgraph list [--team <slug>]
  langgraph disconnect <deployment-id>`;

async function teamId(slug: string): Promise<string> {
  const team = await db().team.findUnique({ where: { slug }, select: { id: true } });
  if (!team) throw new AdminError(`unknown team "${slug}"`);
  return team.id;
}

export const LANGGRAPH_COMMANDS: Record<string, CliCommand> = {
  "langgraph connect": {
    args: [],
    options: { team: { type: "string" }, url: { type: "string" }, graph: { type: "string", multiple: true }, "api-key-env": { type: "string" } },
    required: ["team", "url"],
    async run(_, v) {
      // The key comes from an environment variable, never from the command line (shell history, ps).
      const envName = v["api-key-env"];
      const apiKey = envName ? process.env[envName] : undefined;
      if (envName && !apiKey) throw new AdminError(`langgraph connect: --api-key-env: ${envName} is not set`);
      const parsed = ConnectDeploymentBody.safeParse({ url: v.url, graphs: v.graph ? v.graph.split("\n") : [], ...(apiKey ? { apiKey } : {}) });
      if (!parsed.success) {
        throw new AdminError(`langgraph connect: ${fieldErrors(parsed.error).map((e) => `--${e.path.replace(/\[\d+\]$/, "").replace("graphs", "graph")}: ${e.message}`).join("; ")}`);
      }
      const d = await connectDeployment(await teamId(v.team!), parsed.data);
      const graphs = d.graphs.length ? d.graphs.join(", ") : "every graph";
      return [`Connected LangGraph deployment ${d.id} for team ${v.team}: ${d.url} (${graphs}${d.hasApiKey ? ", with an API key" : ""}).`];
    },
  },
  "langgraph list": {
    args: [],
    options: { team: { type: "string" } },
    async run(_, v) {
      const teams = v.team ? [{ id: await teamId(v.team), slug: v.team }] : await db().team.findMany({ select: { id: true, slug: true }, orderBy: { slug: "asc" } });
      const lines: string[] = [];
      for (const t of teams) {
        for (const d of await listDeployments(t.id)) {
          const state = d.lastError ? `failing (${d.failureStreak}): ${d.lastError}` : d.lastPolledAt ? `ok, last polled ${d.lastPolledAt}` : "not polled yet";
          lines.push(`${d.id}  ${t.slug}  ${d.url}  ${d.graphs.join(",") || "*"}  ${d.pending} pending  ${state}`);
        }
      }
      return lines.length ? lines : ["No LangGraph deployments."];
    },
  },
  "langgraph disconnect": {
    args: ["deployment-id"],
    options: {},
    async run([id]) {
      const d = await db().langGraphDeployment.findUnique({ where: { id: id! }, select: { teamId: true } });
      if (!d) throw new AdminError(`no LangGraph deployment ${id}`);
      await disconnectDeployment(d.teamId, id!);
      return [`Disconnected LangGraph deployment ${id}.`];
    },
  },
};
