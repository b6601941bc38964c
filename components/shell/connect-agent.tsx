"use client";
// How to connect an agent (issue 13): the MCP endpoint and a REST call. The snippets read the
// token from an environment variable (components/shell/snippets.ts); they never contain it.
import Link from "next/link";
import { useState } from "react";
import { usePublicUrl } from "../providers";
import { Button } from "../ui";
import { exportLine, snippets, TOKEN_VAR } from "./snippets";

function Snippet({ label, code }: { label: string; code: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <figure className="grid min-w-0 gap-1">
      <figcaption className="flex items-center justify-between gap-2 text-xs font-medium">
        <span>{label}</span>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Copy the ${label} snippet`}
          onClick={() => void navigator.clipboard?.writeText(code).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      </figcaption>
      <pre className="relative max-w-full overflow-x-auto rounded-md bg-zinc-100 p-2.5 font-mono text-xs leading-relaxed text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** `fresh`: shown under a token just created (the panel that shows it once), else for any token. */
export function ConnectAgent({ fresh = false }: { fresh?: boolean }) {
  const origin = usePublicUrl();
  return (
    <div className="grid min-w-0 gap-3 text-left text-sm">
      <p>
        Agents ask through the MCP endpoint <code className="font-mono text-xs break-all">{origin}/api/mcp</code> (Streamable HTTP, header{" "}
        <code className="font-mono text-xs">Authorization: Bearer $${TOKEN_VAR}</code>) or the REST API, with a token that has the{" "}
        <code className="font-mono text-xs">ask</code> scope. Keep the token in the environment variable{" "}
        <code className="font-mono text-xs">{TOKEN_VAR}</code>, not in a file: the snippets below read it from there.
        {fresh ? null : (
          <>
            {" "}
            An admin creates tokens in{" "}
            <Link href="/settings" className="font-medium underline underline-offset-2">
              Settings
            </Link>
            .
          </>
        )}{" "}
        The README section “Connect your agent” has the setup for Claude Code, Codex,
        OpenCode and Cursor.
      </p>
      <Snippet label="Shell (the agent's environment)" code={exportLine(fresh ? "<paste the token above>" : "<your token>")} />
      {snippets(origin).map((s) => (
        <Snippet key={s.id} label={s.label} code={s.code} />
      ))}
    </div>
  );
}
