"use client";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { errorText } from "@/lib/browser/api";
import { useHydrated } from "../ui/use-hydrated";
import { Alert, Button, Card, CardBody, CardHeader, Hint, Input, Label } from "../ui";
import { settingsApi, useSettingsMutation } from "./mutations";

export function CreateTeamCard() {
  const hydrated = useHydrated();
  const router = useRouter();
  const create = useSettingsMutation(settingsApi.createTeam, (team) => router.push(`/settings?team=${encodeURIComponent(team.slug)}`));

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    create.mutate({ slug: String(form.get("slug") ?? ""), name: String(form.get("name") ?? "") || undefined });
  }

  return (
    <Card aria-labelledby="new-team-title">
      <CardHeader id="new-team-title" title="Create a team" description="Each team has its own tokens, members, requests and policy. You become its admin." />
      <CardBody>
        <form method="post" onSubmit={onSubmit} aria-label="Create team" className="space-y-2">
          <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <div className="space-y-1">
              <Label htmlFor="team-slug">Team slug</Label>
              <Input id="team-slug" name="slug" required pattern="[a-z0-9][a-z0-9\-]{0,39}" aria-describedby="team-slug-hint" />
            </div>
            <div className="space-y-1">
              <Label htmlFor="team-name">Team name</Label>
              <Input id="team-name" name="name" maxLength={100} />
            </div>
            <Button type="submit" disabled={create.isPending || !hydrated}>
              Create team
            </Button>
          </div>
          <Hint id="team-slug-hint">Lower-case letters, digits and dashes, e.g. platform-infra.</Hint>
          {create.error ? <Alert tone="error">{errorText(create.error)}</Alert> : null}
        </form>
      </CardBody>
    </Card>
  );
}
