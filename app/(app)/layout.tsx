import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { TopBar } from "@/components/shell/top-bar";
import { requireUser } from "@/lib/auth/session";

// Every signed-in page reads the session and the database: never prerender.
export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <Providers>
      <TopBar user={user} />
      <main className="mx-auto max-w-6xl px-3 py-5 sm:px-4 sm:py-6">{children}</main>
    </Providers>
  );
}
