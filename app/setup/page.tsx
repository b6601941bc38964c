import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { SetupForm } from "@/components/auth/setup-form";
import { buttonClass } from "@/components/ui";
import { needsSetup } from "@openoxide/questions-core/auth/setup";

export const dynamic = "force-dynamic";
export const metadata = { title: "Set up · OpenOxide Questions" };

export default async function SetupPage() {
  if (!(await needsSetup())) {
    return (
      <AuthCard title="Setup is complete" subtitle="This instance already has its first admin.">
        <Link href="/signin" className={buttonClass("primary", "md", "w-full")}>
          Sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set up OpenOxide Questions" subtitle="Create the first admin account. It becomes admin of the team “default”.">
      <SetupForm />
    </AuthCard>
  );
}
