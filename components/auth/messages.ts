// Sign-in error codes (next-auth's, plus ours from login-limit.ts) → what the person reads.
const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Wrong email or password.",
  RateLimited: "Too many failed sign-in attempts. Wait 15 minutes, then try again.",
  AccessDenied: "No account matches that sign-in. Ask an admin to add your verified email address.",
  SessionRequired: "Sign in to continue.",
};

export function errorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return MESSAGES[code] ?? "Sign-in failed. Try again.";
}
