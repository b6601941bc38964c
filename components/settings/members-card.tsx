"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Role } from "@/lib/auth/roles";
import type { MemberRow } from "@/lib/settings/members";
import { Alert, Button, Card, CardBody, CardHeader, Select } from "../ui";
import { AddMemberForm } from "./add-member-form";
import { send, settingsUrl } from "./api";

const ROLE_HELP = "reviewer: inbox and answers · lead: + history and export · admin: + members, tokens, policy";

export function MembersCard({ teamId, members, selfId }: { teamId: string; members: MemberRow[]; selfId: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(userId: string, action: () => Promise<unknown>) {
    setBusy(userId);
    setError(null);
    try {
      await action();
      router.refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card aria-labelledby="members-title">
      <CardHeader id="members-title" title="Members" description={ROLE_HELP} />
      <CardBody className="space-y-4">
        <AddMemberForm teamId={teamId} onAdded={() => router.refresh()} />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <ul aria-label="Members" className="divide-y divide-zinc-100 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate">
                {m.email}
                {m.name ? <span className="text-zinc-500 dark:text-zinc-400"> · {m.name}</span> : null}
                {m.userId === selfId ? <span className="text-xs text-zinc-500 dark:text-zinc-400"> (you)</span> : null}
              </span>
              <Select
                aria-label={`Role of ${m.email}`}
                className="h-7 w-28 text-xs"
                value={m.role}
                disabled={busy === m.userId}
                onChange={(e) => run(m.userId, () => send("PATCH", settingsUrl(teamId, "members", m.userId), { role: e.target.value as Role }))}
              >
                <option value="reviewer">reviewer</option>
                <option value="lead">lead</option>
                <option value="admin">admin</option>
              </Select>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${m.email}`}
                disabled={busy === m.userId}
                onClick={() => run(m.userId, () => send("DELETE", settingsUrl(teamId, "members", m.userId)))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
