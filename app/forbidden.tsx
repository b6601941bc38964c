import Link from "next/link";
import { buttonClass } from "@/components/ui";

export default function Forbidden() {
  return (
    <main className="mx-auto max-w-md px-6 py-24 text-center">
      <p className="text-sm font-medium text-orange-700 dark:text-orange-400">403</p>
      <h1 className="mt-2 text-xl font-semibold">You do not have access to this page</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Your role in your teams does not include it. Ask a team admin if you need it.</p>
      <Link href="/inbox" className={buttonClass("secondary", "md", "mt-6")}>
        Back to the inbox
      </Link>
    </main>
  );
}
