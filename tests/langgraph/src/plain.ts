// Any other interrupt value: a question the reviewer answers in words.
import { Annotation, END, START, StateGraph, interrupt } from "@langchain/langgraph";

const State = Annotation.Root({ answer: Annotation<unknown>() });

export const graph = new StateGraph(State)
  .addNode("ask", () => ({ answer: interrupt({ question: "What should the release be called?" }) }))
  .addEdge(START, "ask")
  .addEdge("ask", END)
  .compile();
