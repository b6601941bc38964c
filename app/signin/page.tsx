import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { errorMessage } from "@/components/auth/messages";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Alert } from "@/components/ui";
import { oauthProviders } from "@openoxide/questions-core/auth/providers";
import { currentUser, safeNext } from "@openoxide/questions-core/auth/session";
import { needsSetup } from "@openoxide/questions-core/auth/setup";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · OpenOxide Questions" };

type Props = { searchParams: Promise<{ next?: string; callbackUrl?: string; error?: string; signedOut?: string }> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = safeNext(params.next ?? relative(params.callbackUrl));
  if (await currentUser()) redirect(next);
  const fresh = await needsSetup();
  return (
    <AuthCard title="Sign in" subtitle="Answer the questions your agents are waiting on.">
      {params.signedOut ? (
        <Alert tone="success" className="mb-4">
          You are signed out.
        </Alert>
      ) : null}
      {fresh ? (
        <Alert tone="info" className="mb-4">
          No account exists yet. <Link href="/setup" className="font-medium underline">Set up the first admin</Link>.
        </Alert>
      ) : null}
      <SignInForm next={next} initialError={errorMessage(typeof params.error === "string" ? params.error : null)} />
      <OAuthButtons providers={oauthProviders()} next={next} />
    </AuthCard>
  );
}

/** next-auth passes an absolute callbackUrl; keep only its path. */
function relative(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url, "http://x");
    return u.pathname + u.search;
  } catch {
    return undefined;
  }
}
