import type { SessionUser } from "@openoxide/questions-core/auth/session";
import { Badge, Card, CardBody, CardHeader } from "../ui";
import { ChangePasswordForm } from "./change-password-form";

export function ProfileCard({ user, hasPassword }: { user: SessionUser; hasPassword: boolean }) {
  return (
    <Card aria-labelledby="profile-title">
      <CardHeader id="profile-title" title="Your profile" description="Roles are per team; a team admin changes them." />
      <CardBody className="space-y-3 text-sm">
        <dl className="grid grid-cols-[6rem_1fr] gap-y-1">
          <dt className="text-zinc-500 dark:text-zinc-400">Email</dt>
          <dd className="truncate">{user.email}</dd>
          <dt className="text-zinc-500 dark:text-zinc-400">Name</dt>
          <dd>{user.name ?? "—"}</dd>
        </dl>
        {user.memberships.length === 0 ? (
          <p className="text-zinc-500 dark:text-zinc-400">You are not a member of any team yet.</p>
        ) : (
          <ul aria-label="Your teams" className="divide-y divide-zinc-100 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {user.memberships.map((m) => (
              <li key={m.teamId} className="flex items-center justify-between gap-2 px-3 py-2">
                <span className="min-w-0 truncate">
                  {m.teamName} <span className="text-xs text-zinc-500 dark:text-zinc-400">{m.teamSlug}</span>
                </span>
                <Badge tone={m.role === "admin" ? "orange" : m.role === "lead" ? "blue" : "neutral"}>{m.role}</Badge>
              </li>
            ))}
          </ul>
        )}
        <ChangePasswordForm hasPassword={hasPassword} />
      </CardBody>
    </Card>
  );
}
