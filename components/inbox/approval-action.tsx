// An approval's action as code: the tool and the input as a command, a diff or JSON, then its
// summary labelled as the agent's claim.
// No hooks: the inbox control and the history page both render it.
import { cn } from "@/components/ui";
import type { Action } from "@openoxide/questions-core/questions/schemas";
import { describeAction, diffLines, prettyJson, type DiffLine } from "@openoxide/questions-core/questions/action-format";
import { ContextMarkdown } from "./markdown";

const codeBox = "overflow-x-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-relaxed dark:border-zinc-800 dark:bg-zinc-950";

const DIFF_TONE: Record<DiffLine["tone"], string> = {
  add: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300",
  del: "bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-300",
  hunk: "text-sky-700 dark:text-sky-400",
  meta: "font-semibold text-zinc-600 dark:text-zinc-400",
  plain: "",
};

export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre aria-label={label} className={codeBox}>
      <code>{prettyJson(value)}</code>
    </pre>
  );
}

/** The input alone, in its best reading; `label` names the code block for screen readers. */
export function ActionInput({ action, label = "Input" }: { action: Pick<Action, "tool" | "input">; label?: string }) {
  const view = describeAction(action);
  if (view.kind === "command") {
    return (
      <div className="grid gap-2">
        <pre aria-label={`${label}: command`} className={cn(codeBox, "bg-zinc-900 text-zinc-100 dark:bg-black")}>
          <code>
            <span aria-hidden className="text-emerald-400 select-none">$ </span>
            {view.command}
          </code>
        </pre>
        {view.rest ? <JsonBlock value={view.rest} label={`${label}: other fields`} /> : null}
      </div>
    );
  }
  if (view.kind === "diff") {
    return (
      <div className="grid gap-2">
        {view.path ? <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{view.path}</p> : null}
        <pre aria-label={`${label}: diff`} className={cn(codeBox, "px-0")}>
          <code className="grid min-w-max">
            {diffLines(view.diff).map((l, i) => (
              <span key={i} className={cn("px-3 whitespace-pre", DIFF_TONE[l.tone])}>
                {l.text || " "}
              </span>
            ))}
          </code>
        </pre>
        {view.rest ? <JsonBlock value={view.rest} label={`${label}: other fields`} /> : null}
      </div>
    );
  }
  return (
    <pre aria-label={`${label}: JSON`} className={codeBox}>
      <code>{view.json}</code>
    </pre>
  );
}

/**
 * The summary as what it is: the agent's own words about the action, which may be wrong or
 * misleading. It is never the headline; the action itself is (SPEC §6, issue 22).
 */
export function AgentClaim({ source }: { source: string }) {
  return (
    <section aria-label="The agent's claim" className="grid gap-1 rounded-md border border-dashed border-zinc-300 px-3 py-2 dark:border-zinc-700">
      <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">The agent’s claim (not verified: judge by the action itself)</p>
      <ContextMarkdown source={source} />
    </section>
  );
}

export function ToolName({ tool }: { tool: string }) {
  return (
    <p className="text-xs text-zinc-500 dark:text-zinc-400">
      Tool <span className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">{tool}</span>
    </p>
  );
}

/** The action first (`inputHidden`: where the caller shows the input itself), then the agent's claim. */
export function ActionView({ action, inputHidden = false }: { action: Action; inputHidden?: boolean }) {
  return (
    <div className="grid gap-2">
      <ToolName tool={action.tool} />
      {inputHidden ? null : <ActionInput action={action} />}
      {action.summary ? <AgentClaim source={action.summary} /> : null}
    </div>
  );
}
