import { CreateTeamCard } from "@/components/settings/create-team-card";
import { MembersCard } from "@/components/settings/members-card";
import { PolicyCard } from "@/components/settings/policy-card";
import { ProfileCard } from "@/components/settings/profile-card";
import { TeamTabs } from "@/components/settings/team-tabs";
import { TokensCard } from "@/components/settings/tokens-card";
import { Alert } from "@/components/ui";
import { requireUser } from "@/lib/auth/session";
import { hasPassword } from "@/lib/account/password";
import { listInvitations } from "@/lib/invitations/invitations";
import { listMembers } from "@/lib/settings/members";
import { teamPolicy } from "@/lib/settings/teams";
import { listTokens } from "@/lib/settings/tokens";

export const metadata = { title: "Settings · OpenOxide Questions" };

type Props = { searchParams: Promise<{ team?: string }> };

export default async function SettingsPage({ searchParams }: Props) {
  // Checked here, not only in the layout: layouts are not re-run on client-side navigation.
  const user = await requireUser();
  const { team } = await searchParams;
  const adminTeams = user.memberships.filter((m) => m.role === "admin");
  const current = adminTeams.find((m) => m.teamSlug === team) ?? adminTeams[0];
  const [tokens, members, invitations, policy] = current
    ? await Promise.all([listTokens(current.teamId), listMembers(current.teamId), listInvitations(current.teamId), teamPolicy(current.teamId)])
    : [[], [], [], "allow" as const];

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold">Settings</h1>
          {current ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              Team <span className="font-medium text-zinc-700 dark:text-zinc-300">{current.teamName}</span> ({current.teamSlug})
            </p>
          ) : null}
        </div>
        {current ? <TeamTabs teams={adminTeams} current={current.teamId} /> : null}
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="space-y-5">
          <ProfileCard user={user} hasPassword={await hasPassword(user.id)} />
          {current ? <PolicyCard key={current.teamId} teamId={current.teamId} policy={policy} /> : null}
        </div>
        <div className="min-w-0 space-y-5">
          {current ? (
            <>
              <TokensCard key={`t-${current.teamId}`} teamId={current.teamId} tokens={tokens} />
              <MembersCard key={`m-${current.teamId}`} teamId={current.teamId} members={members} invitations={invitations} selfId={user.id} />
              <CreateTeamCard />
            </>
          ) : (
            <Alert tone="info">Tokens, members and the question policy of a team are managed by its admins.</Alert>
          )}
        </div>
      </div>
    </div>
  );
}
