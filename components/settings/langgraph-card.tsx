"use client";
// Settings → Integrations: the LangGraph deployments whose interrupts come to this inbox.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { getJson, uiFetch } from "@/lib/browser/api";
import type { DeploymentView } from "@/lib/langgraph/deployments";
import { Alert, Badge, Button, Card, CardBody, CardHeader, EmptyState, Hint, Input, Label } from "../ui";
import { settingsUrl } from "./mutations";

type Fields = { url: string; graphs: string[]; apiKey?: string };

const deploymentsQuery = (teamId: string) =>
  queryOptions({
    queryKey: ["langgraph", teamId],
    queryFn: async ({ signal }) => (await getJson<{ data: DeploymentView[] }>(settingsUrl(teamId, "langgraph"), signal)).data,
    refetchInterval: 5000,
  });

export function LangGraphCard({ teamId, deployments }: { teamId: string; deployments: DeploymentView[] }) {
  const queryClient = useQueryClient();
  const list = deploymentsQuery(teamId);
  const { data } = useQuery({ ...list, initialData: deployments });
  const refresh = () => queryClient.invalidateQueries({ queryKey: list.queryKey });
  const connect = useMutation({
    mutationFn: (fields: Fields) => uiFetch<DeploymentView>("POST", settingsUrl(teamId, "langgraph"), { body: fields }),
    onSuccess: refresh,
  });
  const disconnect = useMutation({
    mutationFn: (id: string) => uiFetch<void>("DELETE", settingsUrl(teamId, "langgraph", id)),
    onSuccess: refresh,
  });

  return (
    <Card aria-labelledby="langgraph-title">
      <CardHeader
        id="langgraph-title"
        title="Integrations: LangGraph"
        description="Interrupted threads of these deployments come to the inbox; the answer resumes the thread."
      />
      <CardBody className="space-y-4">
        <ConnectForm onSubmit={async (fields) => void (await connect.mutateAsync(fields))} />
        {data.length === 0 ? (
          <EmptyState title="No deployments connected" description="Connect a LangGraph deployment to answer its interrupts here." />
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="LangGraph deployments">
            {data.map((d) => (
              <li key={d.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="font-mono break-all">{d.url}</p>
                  <p className="text-zinc-500 dark:text-zinc-400">
                    Graphs: {d.graphs.length ? d.graphs.join(", ") : "all"} · {d.pending} waiting{d.hasApiKey ? " · API key stored" : ""}
                  </p>
                  {d.lastError ? (
                    <p role="status">
                      <Badge tone="red">Unreachable</Badge> <span className="text-zinc-600 dark:text-zinc-300">{d.lastError}</span> (retrying with backoff)
                    </p>
                  ) : d.lastPolledAt ? (
                    <p role="status">
                      <Badge tone="green">Connected</Badge> last checked {new Date(d.lastPolledAt).toLocaleTimeString()}
                    </p>
                  ) : (
                    <p role="status">
                      <Badge tone="neutral">Not checked yet</Badge>
                    </p>
                  )}
                </div>
                <Button size="sm" variant="secondary" onClick={() => disconnect.mutate(d.id)} aria-label={`Disconnect ${d.url}`}>
                  Disconnect
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function ConnectForm({ onSubmit }: { onSubmit: (fields: Fields) => Promise<void> }) {
  const [url, setUrl] = useState("");
  const [graphs, setGraphs] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    setState({ busy: true });
    try {
      const list = graphs.split(",").map((g) => g.trim()).filter(Boolean);
      await onSubmit({ url: url.trim(), graphs: list, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) });
      setUrl("");
      setGraphs("");
      setApiKey("");
      setState({});
    } catch (err) {
      setState({ error: (err as Error).message });
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Connect a LangGraph deployment">
      <div className="space-y-1">
        <Label htmlFor="lg-url">Deployment URL</Label>
        <Input id="lg-url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://my-agent.example.com" required />
      </div>
      <div className="space-y-1">
        <Label htmlFor="lg-graphs">Graphs</Label>
        <Input id="lg-graphs" value={graphs} onChange={(e) => setGraphs(e.target.value)} placeholder="agent, reviewer" aria-describedby="lg-graphs-hint" />
        <Hint id="lg-graphs-hint">Graph or assistant ids, comma-separated. Empty: every graph of the deployment.</Hint>
      </div>
      <div className="space-y-1">
        <Label htmlFor="lg-key">API key (optional)</Label>
        <Input id="lg-key" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} aria-describedby="lg-key-hint" />
        <Hint id="lg-key-hint">Sent as x-api-key. Stored encrypted and never shown again.</Hint>
      </div>
      {state.error ? <Alert tone="error">{state.error}</Alert> : null}
      <Button type="submit" disabled={state.busy}>
        Connect deployment
      </Button>
    </form>
  );
}
