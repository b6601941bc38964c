// Who resolved a request, for people: a rule by its name, linking to it in Settings → Rules (a
// deleted rule is named so, without a link); anyone else as actorName() says.
import Link from "next/link";
import type { RuleRef } from "@openoxide/questions-core/rules/names";
import { actorName } from "./format";

export function ResolvedBy({ resolvedBy, rule }: { resolvedBy: string | null; rule: RuleRef | null }) {
  if (!rule) return <>{actorName(resolvedBy)}</>;
  if (!rule.href) return <>rule {rule.name}</>;
  return (
    <>
      rule{" "}
      <Link href={rule.href} className="relative z-10 underline underline-offset-2 hover:text-zinc-900 dark:hover:text-zinc-100">
        {rule.name}
      </Link>
    </>
  );
}
