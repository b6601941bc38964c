// Agent Inbox's HumanInterrupt (the older shape): a list of one request, answered by a list of one response.
import { Annotation, END, START, StateGraph, interrupt } from "@langchain/langgraph";

const State = Annotation.Root({ response: Annotation<unknown>() });

export const graph = new StateGraph(State)
  .addNode("ask", () => {
    const [response] = interrupt([
      {
        action_request: { action: "send_email", args: { to: "ops@example.com", subject: "Release" } },
        config: { allow_accept: true, allow_edit: true, allow_respond: true, allow_ignore: true },
        description: "Send the release email?",
      },
    ]) as unknown[];
    return { response };
  })
  .addEdge(START, "ask")
  .addEdge("ask", END)
  .compile();
