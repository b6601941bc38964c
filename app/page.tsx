import Link from "next/link";
import { redirect } from "next/navigation";
import { buttonClass } from "@/components/ui";
import { currentUser } from "@openoxide/questions-core/auth/session";
import { needsSetup } from "@openoxide/questions-core/auth/setup";

export const dynamic = "force-dynamic";

const steps = [
  ["Ask", "An agent submits typed questions over REST: single-select, multi-select, freeform, secret."],
  ["Wait", "It blocks on a long-poll or an event stream; headless runs are rejected at once, never hang."],
  ["Answer", "A reviewer answers; the agent receives typed data and resumes."],
];

export default async function Home() {
  if (await currentUser()) redirect("/inbox");
  const fresh = await needsSetup();
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <p className="text-sm font-medium uppercase tracking-wide text-orange-700 dark:text-orange-400">OpenOxide Questions</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Structured questions from AI agents to the humans who can answer them.</h1>
      <ol className="mt-10 grid gap-4 sm:grid-cols-3">
        {steps.map(([title, text], i) => (
          <li key={title} className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <p className="text-xs text-zinc-600 dark:text-zinc-400">Step {i + 1}</p>
            <p className="mt-1 font-medium">{title}</p>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-wrap gap-3 text-sm">
        {fresh ? (
          <Link className={buttonClass("primary")} href="/setup">
            Set up
          </Link>
        ) : null}
        <Link className={buttonClass(fresh ? "secondary" : "primary")} href="/signin">
          Sign in
        </Link>
        <Link className={buttonClass("secondary")} href="/api/v1/openapi.json">
          OpenAPI document
        </Link>
        <Link className={buttonClass("secondary")} href="/api/v1/tool-schema?format=mcp">
          Tool schema
        </Link>
      </div>
    </main>
  );
}
