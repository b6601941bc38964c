// /invite/[token] — the page an invitation link opens: the invited person sets their own password
// (or chooses single sign-on) and joins the team. Used, expired, withdrawn and unknown links say so.
import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { AcceptInviteForm } from "@/components/invite/accept-invite-form";
import { Providers } from "@/components/providers";
import { buttonClass } from "@/components/ui";
import { oauthProviders } from "@openoxide/questions-core/auth/providers";
import { findInvitation, type InvitationState } from "@openoxide/questions-core/invitations/invitations";

export const dynamic = "force-dynamic";
// The token is in the path: never send it on in a Referer header.
export const metadata: Metadata = { title: "Join a team · OpenOxide Questions", referrer: "no-referrer" };

type Props = { params: Promise<{ token: string }> };

const GONE: Record<Exclude<InvitationState, "pending">, { title: string; text: string }> = {
  accepted: { title: "Invitation already used", text: "This link has been used to create an account. Sign in with it." },
  expired: { title: "Invitation expired", text: "This link is no longer valid. Ask a team admin to invite you again." },
  revoked: { title: "Invitation withdrawn", text: "A team admin withdrew this invitation. Ask them for a new one if you still need access." },
};

export default async function InvitePage({ params }: Props) {
  const { token } = await params;
  const inv = await findInvitation(token);
  if (!inv || inv.state !== "pending") {
    const gone = inv ? GONE[inv.state as Exclude<InvitationState, "pending">] : { title: "Invitation not found", text: "This link is not valid. Check that it was copied whole, or ask a team admin for a new one." };
    return (
      <AuthCard title={gone.title} subtitle={gone.text}>
        <Link href="/signin" className={buttonClass("primary", "md", "w-full")}>
          Sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={`Join ${inv.teamName}`}
      subtitle={
        <>
          You are invited as <strong>{inv.role}</strong> with the email <strong>{inv.email}</strong>. Choose a password to create your account.
        </>
      }
    >
      <Providers>
        <AcceptInviteForm token={token} email={inv.email} sso={oauthProviders()} />
      </Providers>
    </AuthCard>
  );
}
