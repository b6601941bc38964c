// LangChain v1's human-in-the-loop shape, raised by hand: two actions to review.
import { Annotation, END, START, StateGraph, interrupt } from "@langchain/langgraph";

const State = Annotation.Root({
  command: Annotation<string>(),
  decisions: Annotation<unknown>(),
});

export const graph = new StateGraph(State)
  .addNode("review", (state) => {
    const resume = interrupt({
      actionRequests: [{ name: "bash", args: { command: state.command ?? "make deploy" }, description: "Deploy to staging" }],
      reviewConfigs: [{ actionName: "bash", allowedDecisions: ["approve", "edit", "reject"] }],
    });
    return { decisions: resume };
  })
  .addEdge(START, "review")
  .addEdge("review", END)
  .compile();
