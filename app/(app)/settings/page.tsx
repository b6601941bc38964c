import Link from "next/link";
import { CreateTeamCard } from "@/components/settings/create-team-card";
import { MembersCard } from "@/components/settings/members-card";
import { PolicyCard } from "@/components/settings/policy-card";
import { ExpiryCard } from "@/components/settings/expiry-card";
import { ProfileCard } from "@/components/settings/profile-card";
import { TeamTabs } from "@/components/settings/team-tabs";
import { TokensCard } from "@/components/settings/tokens-card";
import { Alert } from "@/components/ui";
import { CallbackSecretCard } from "@/components/settings/callback-secret-card";
import { EmailPrefsCard } from "@/components/settings/email-prefs-card";
import { WebhooksCard } from "@/components/settings/webhooks-card";
import { LangGraphCard } from "@/components/settings/langgraph-card";
import { listDeployments } from "@openoxide/questions-core/langgraph/deployments";
import { callbackSecretInfo } from "@openoxide/questions-core/notify/callbacks";
import { notifyConfig } from "@openoxide/questions-core/notify/config";
import { emailEnabled } from "@openoxide/questions-core/notify/prefs";
import { listWebhooks } from "@openoxide/questions-core/notify/webhooks";
import { requireUser } from "@openoxide/questions-core/auth/session";
import { listMembers } from "@openoxide/questions-core/teams/members";
import { teamDefaultExpiry, teamPolicy } from "@openoxide/questions-core/teams/teams";
import { listTokens } from "@openoxide/questions-core/teams/tokens";
import { hasPassword } from "@openoxide/questions-core/account/password";
import { env } from "@openoxide/questions-core/config/env";
import { listInvitations } from "@openoxide/questions-core/invitations/invitations";
import { EscalationCard } from "@/components/settings/escalation-card";
import { atLeast } from "@openoxide/questions-core/auth/roles";
import { escalationSettings } from "@openoxide/questions-core/escalation/settings";
import { PushCard } from "@/components/settings/push-card";
import { SlackCard } from "@/components/settings/slack-card";
import { SlackLinkCard } from "@/components/settings/slack-link-card";
import { vapidKeys } from "@openoxide/questions-core/push/vapid";
import { slackLinksOf } from "@openoxide/questions-core/slack/link";
import { slackManifest } from "@openoxide/questions-core/slack/manifest";
import { getSlackApp } from "@openoxide/questions-core/slack/store";

export const metadata = { title: "Settings · OpenOxide Questions" };

type Props = { searchParams: Promise<{ team?: string; welcome?: string; slackLink?: string }> };

export default async function SettingsPage({ searchParams }: Props) {
  // Checked here, not only in the layout: layouts are not re-run on client-side navigation.
  const user = await requireUser();
  const { team, welcome, slackLink } = await searchParams;
  const adminTeams = user.memberships.filter((m) => m.role === "admin");
  const current = adminTeams.find((m) => m.teamSlug === team) ?? adminTeams[0];
  const [tokens, members, invitations, policy] = current
    ? await Promise.all([listTokens(current.teamId), listMembers(current.teamId), listInvitations(current.teamId), teamPolicy(current.teamId)])
    : [[], [], [], "allow" as const];
  const [webhooks, callback, mail, expiry, escalation, deployments] = await Promise.all([
    current ? listWebhooks(current.teamId) : [],
    current ? callbackSecretInfo(current.teamId) : { rotatedAt: null },
    emailEnabled(user.id),
    current ? teamDefaultExpiry(current.teamId) : null,
    current ? escalationSettings(current.teamId) : null,
    current ? listDeployments(current.teamId) : [],
  ]);
  const [slackApp, slackLinks] = await Promise.all([current ? getSlackApp(current.teamId) : null, slackLinksOf(user.id)]);
  const auditTeam = current ?? user.memberships.find((m) => atLeast(m.role, "lead"));

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
        <div className="flex flex-wrap items-center gap-3">
          {user.memberships.some((m) => m.role !== "reviewer") ? (
            <Link href="/settings/rules" className="text-sm font-medium text-orange-700 hover:underline dark:text-orange-400">
              Rules →
            </Link>
          ) : null}
          {auditTeam ? (
            <Link href={`/settings/audit?team=${encodeURIComponent(auditTeam.teamSlug)}`} className="text-sm font-medium text-orange-700 hover:underline dark:text-orange-400">
              Audit trail →
            </Link>
          ) : null}
          {current ? <TeamTabs teams={adminTeams} current={current.teamId} /> : null}
        </div>
      </div>
      {welcome && current ? (
        <Alert tone="success">
          <span className="font-medium">Your admin account is ready.</span> Next, connect an agent: under API tokens, create a token with the{" "}
          <code className="font-mono text-xs">ask</code> scope. The panel that shows it (once) has the MCP and REST snippets to paste, with the
          token filled in.
        </Alert>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="min-w-0 space-y-5">
          <ProfileCard user={user} hasPassword={await hasPassword(user.id)} />
          <EmailPrefsCard enabled={mail} configured={Boolean(notifyConfig().smtpUrl)} />
          <PushCard publicKey={vapidKeys().publicKey} />
          <SlackLinkCard links={slackLinks} token={slackLink ?? null} />
          {current ? <PolicyCard key={current.teamId} teamId={current.teamId} policy={policy} /> : null}
          {current && expiry ? (
            <ExpiryCard key={`e-${current.teamId}`} teamId={current.teamId} seconds={expiry.seconds} serverDefault={env().DEFAULT_EXPIRES_SECONDS} />
          ) : null}
        </div>
        <div className="min-w-0 space-y-5">
          {current ? (
            <>
              <TokensCard key={`t-${current.teamId}`} teamId={current.teamId} tokens={tokens} />
              <MembersCard key={`m-${current.teamId}`} teamId={current.teamId} members={members} invitations={invitations} selfId={user.id} />
              <WebhooksCard key={`w-${current.teamId}`} teamId={current.teamId} webhooks={webhooks} />
              {escalation ? <EscalationCard key={`e-${current.teamId}`} teamId={current.teamId} settings={escalation} members={members} webhooks={webhooks} /> : null}
              <CallbackSecretCard key={`c-${current.teamId}`} teamId={current.teamId} rotatedAt={callback.rotatedAt} />
              <LangGraphCard key={`lg-${current.teamId}`} teamId={current.teamId} deployments={deployments} />
              <SlackCard key={`s-${current.teamId}`} teamId={current.teamId} app={slackApp} manifest={JSON.stringify(slackManifest(current.teamName), null, 2)} />
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
