// A scripted OpenAI Responses-API model (POST /v1/responses, SSE) for running Codex offline.
// Each request gets the next step of the script: a tool call, or text once the script is spent.
// Step n is chosen by how many tool results the request already carries, so retries are harmless.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ScriptStep = { call: string; arguments: Record<string, unknown> } | { text: string } | { httpError: number; message: string };

export interface ToolOutput {
  call_id: string;
  output: string;
}

export interface ResponsesModel {
  /** `http://127.0.0.1:<port>/v1` — a Codex `model_providers` `base_url`. */
  baseUrl: string;
  /** Every request body received, in order. */
  requests: Array<Record<string, unknown>>;
  /** The tool results Codex handed back, in call order (from the latest request). */
  toolOutputs(): ToolOutput[];
  close(): Promise<void>;
}

export async function startResponsesModel(steps: ScriptStep[], finalText = "All done."): Promise<ResponsesModel> {
  const requests: Array<Record<string, unknown>> = [];
  const outputsOf = (body: Record<string, unknown>): ToolOutput[] =>
    (Array.isArray(body.input) ? body.input : [])
      .filter((i): i is ToolOutput & { type: string } => typeof i === "object" && i !== null && i.type === "function_call_output")
      .map((i) => ({ call_id: i.call_id, output: typeof i.output === "string" ? i.output : JSON.stringify(i.output) }));

  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== "POST" || !req.url?.endsWith("/responses")) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      requests.push(body);
      const done = outputsOf(body).length;
      const step: ScriptStep = steps[done] ?? { text: finalText };
      const id = `resp_${requests.length}`;
      if ("httpError" in step) {
        res.writeHead(step.httpError, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: step.message, type: "invalid_request_error" } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const send = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      send("response.created", { response: { id } });
      const item =
        "call" in step
          ? { type: "function_call", id: `fc_${requests.length}`, call_id: `call_${done + 1}`, name: step.call, arguments: JSON.stringify(step.arguments), status: "completed" }
          : { type: "message", id: `msg_${requests.length}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: step.text, annotations: [] }] };
      send("response.output_item.done", { output_index: 0, item });
      send("response.completed", {
        response: {
          id,
          usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 },
        },
      });
      res.end();
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    toolOutputs: () => (requests.length ? outputsOf(requests[requests.length - 1]) : []),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (text += c));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}
