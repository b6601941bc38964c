import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { SkipLink } from "@/components/shell/skip-link";
import { TopBar } from "@/components/shell/top-bar";
import { requireUser } from "@openoxide/questions-core/auth/session";
import { publicUrl, requestOrigin } from "@openoxide/questions-core/config/public-url";

// Every signed-in page reads the session and the database: never prerender.
export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <Providers publicUrl={publicUrl(requestOrigin(await headers()))}>
      <SkipLink />
      <TopBar user={user} />
      {/* tabIndex -1: the skip link moves focus here, not only the scroll position. */}
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-3 py-5 outline-none sm:px-4 sm:py-6">
        {children}
      </main>
    </Providers>
  );
}
