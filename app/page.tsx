import Link from "next/link";

const steps = [
  ["Ask", "An agent submits typed questions over REST: single-select, multi-select, freeform, secret."],
  ["Wait", "It blocks on a long-poll or an event stream; headless runs are rejected at once, never hang."],
  ["Answer", "A reviewer answers; the agent receives typed data and resumes."],
];

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <p className="text-sm font-medium uppercase tracking-wide text-orange-600">OpenOxide Questions</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Structured questions from AI agents to the humans who can answer them.</h1>
      <ol className="mt-10 grid gap-4 sm:grid-cols-3">
        {steps.map(([title, text], i) => (
          <li key={title} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <p className="text-xs text-zinc-500">Step {i + 1}</p>
            <p className="mt-1 font-medium">{title}</p>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex gap-4 text-sm">
        <Link className="rounded-md bg-zinc-900 px-3 py-2 text-white dark:bg-zinc-100 dark:text-zinc-900" href="/api/v1/openapi.json">
          OpenAPI document
        </Link>
        <Link className="rounded-md border border-zinc-300 px-3 py-2 dark:border-zinc-700" href="/api/v1/tool-schema?format=mcp">
          Tool schema
        </Link>
      </div>
    </main>
  );
}
