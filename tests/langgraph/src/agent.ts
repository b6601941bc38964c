// createAgent + humanInTheLoopMiddleware with a scripted chat model: it calls `deploy` once,
// then answers with text once the tool's result is in the conversation.
import { AIMessage, type BaseMessage, createAgent, humanInTheLoopMiddleware, tool } from "langchain";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { ChatResult } from "@langchain/core/outputs";
import { z } from "zod";

class ScriptedModel extends BaseChatModel {
  _llmType() {
    return "scripted";
  }
  bindTools() {
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const last = messages[messages.length - 1];
    const message =
      last?.getType() === "tool"
        ? new AIMessage(`Done: ${String(last.content)}`)
        : new AIMessage({ content: "", tool_calls: [{ id: `call_${messages.length}`, name: "deploy", args: { target: "staging" } }] });
    return { generations: [{ text: String(message.content), message }] };
  }
}

const deploy = tool(async ({ target }: { target: string }) => `deployed to ${target}`, {
  name: "deploy",
  description: "Deploy the current build.",
  schema: z.object({ target: z.string() }),
});

export const graph = createAgent({
  model: new ScriptedModel({}),
  tools: [deploy],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { deploy: { allowedDecisions: ["approve", "edit", "reject"] } } })],
});
