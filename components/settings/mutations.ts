"use client";
// Every settings mutation as a React Query mutation over the one browser fetch wrapper. On success
// the server-rendered page is refreshed (lists, roles), so nothing is patched by hand.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { Role } from "@/lib/auth/roles";
import { uiFetch } from "@/lib/browser/api";
import type { InvitationRow } from "@/lib/invitations/invitations";

export function settingsUrl(teamId: string, ...rest: string[]): string {
  return ["/api/ui/settings/teams", encodeURIComponent(teamId), ...rest.map(encodeURIComponent)].join("/");
}

export type CreatedToken = { id: string; name: string; token: string };
export type InviteResult = { kind: "added"; email: string } | { kind: "invited"; invitation: InvitationRow; link: string; emailed: boolean };
type Policy = "allow" | "deny";

export const settingsApi = {
  createToken: (teamId: string, body: { name: string; scopes: string[]; policy: string }) => uiFetch<CreatedToken>("POST", settingsUrl(teamId, "tokens"), { body }),
  revokeToken: (teamId: string, tokenId: string) => uiFetch<void>("POST", settingsUrl(teamId, "tokens", tokenId, "revoke")),
  invite: (teamId: string, body: { email: string; role: Role }) => uiFetch<InviteResult>("POST", settingsUrl(teamId, "invitations"), { body }),
  revokeInvitation: (teamId: string, id: string) => uiFetch<void>("DELETE", settingsUrl(teamId, "invitations", id)),
  changeRole: (teamId: string, userId: string, role: Role) => uiFetch<void>("PATCH", settingsUrl(teamId, "members", userId), { body: { role } }),
  removeMember: (teamId: string, userId: string) => uiFetch<void>("DELETE", settingsUrl(teamId, "members", userId)),
  setPolicy: (teamId: string, policy: Policy) => uiFetch<void>("PATCH", settingsUrl(teamId), { body: { policy } }),
  createTeam: (body: { slug: string; name?: string }) => uiFetch<{ slug: string }>("POST", "/api/ui/settings/teams", { body }),
  changePassword: (body: { currentPassword?: string; newPassword: string }) => uiFetch<void>("POST", "/api/ui/account/password", { body }),
};

/** A mutation that refreshes the server-rendered page once it succeeds. */
export function useSettingsMutation<V, R>(mutationFn: (vars: V) => Promise<R>, onDone?: (result: R, vars: V) => void) {
  const router = useRouter();
  return useMutation({
    mutationFn,
    onSuccess: (result, vars) => {
      onDone?.(result, vars);
      router.refresh();
    },
  });
}
