"use client";
import type { Role } from "@/lib/auth/roles";
import { errorText } from "@/lib/browser/api";
import type { InvitationRow } from "@/lib/invitations/invitations";
import type { MemberRow } from "@/lib/settings/members";
import { Alert, Badge, Button, Card, CardBody, CardHeader, Select } from "../ui";
import { formatTime } from "./format";
import { InviteMemberForm } from "./invite-member-form";
import { settingsApi, useSettingsMutation } from "./mutations";

const ROLE_HELP = "reviewer: inbox and answers · lead: + history and export · admin: + members, tokens, policy";

type Props = { teamId: string; members: MemberRow[]; invitations: InvitationRow[]; selfId: string };

export function MembersCard({ teamId, members, invitations, selfId }: Props) {
  const role = useSettingsMutation((v: { userId: string; role: Role }) => settingsApi.changeRole(teamId, v.userId, v.role));
  const remove = useSettingsMutation((userId: string) => settingsApi.removeMember(teamId, userId));
  const withdraw = useSettingsMutation((id: string) => settingsApi.revokeInvitation(teamId, id));
  const failed = role.error ?? remove.error ?? withdraw.error;
  const busyUser = role.isPending ? role.variables?.userId : remove.isPending ? remove.variables : undefined;

  return (
    <Card aria-labelledby="members-title">
      <CardHeader id="members-title" title="Members" description={ROLE_HELP} />
      <CardBody className="space-y-4">
        <InviteMemberForm teamId={teamId} />
        {failed ? <Alert tone="error">{errorText(failed)}</Alert> : null}
        {invitations.length ? (
          <ul aria-label="Open invitations" className="divide-y divide-zinc-100 rounded-md border border-dashed border-zinc-300 dark:divide-zinc-800 dark:border-zinc-700">
            {invitations.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 truncate">
                  {inv.email} <span className="text-xs text-zinc-500 dark:text-zinc-400">invited as {inv.role}</span>
                </span>
                {inv.state === "expired" ? (
                  <Badge tone="amber">expired {formatTime(inv.expiresAt)}</Badge>
                ) : (
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">expires {formatTime(inv.expiresAt)}</span>
                )}
                <Button size="sm" variant="ghost" aria-label={`Revoke invitation for ${inv.email}`} disabled={withdraw.isPending} onClick={() => withdraw.mutate(inv.id)}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
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
                disabled={busyUser === m.userId}
                onChange={(e) => role.mutate({ userId: m.userId, role: e.target.value as Role })}
              >
                <option value="reviewer">reviewer</option>
                <option value="lead">lead</option>
                <option value="admin">admin</option>
              </Select>
              <Button size="sm" variant="ghost" aria-label={`Remove ${m.email}`} disabled={busyUser === m.userId} onClick={() => remove.mutate(m.userId)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
