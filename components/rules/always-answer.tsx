"use client";
// "Always answer this the same way": offered on a request with no approval and no secret. The
// rule is saved after the answer goes out (lib/rules/store.ts makes it from the stored answer).
import { useId, useState } from "react";
import type { InboxItem } from "@/lib/questions/inbox";
import { setAlwaysAnswer } from "./proposal-store";

export function AlwaysAnswerToggle({ request, disabled }: { request: InboxItem; disabled?: boolean }) {
  const id = useId();
  const [on, setOn] = useState(false);
  const [scope, setScope] = useState<"team" | "session">("team");
  if (request.questions.some((q) => q.kind === "approval" || q.secret)) return null;
  const change = (nextOn: boolean, nextScope: "team" | "session") => {
    setOn(nextOn);
    setScope(nextScope);
    setAlwaysAnswer(request.id, nextOn ? nextScope : null);
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={on} disabled={disabled} onChange={(e) => change(e.target.checked, scope)} />
        Always answer this the same way
      </label>
      {on ? (
        <select
          aria-label="Rule applies to"
          id={`${id}-scope`}
          className="rounded border border-zinc-300 bg-transparent px-1 py-0.5 text-xs dark:border-zinc-700"
          value={scope}
          disabled={disabled}
          onChange={(e) => change(true, e.target.value as "team" | "session")}
        >
          <option value="team">for the whole team</option>
          {request.agent.sessionId ? <option value="session">for this agent session</option> : null}
        </select>
      ) : null}
    </div>
  );
}
