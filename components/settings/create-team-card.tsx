"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useHydrated } from "../ui/use-hydrated";
import { Alert, Button, Card, CardBody, CardHeader, Hint, Input, Label } from "../ui";
import { send } from "./api";

export function CreateTeamCard() {
  const hydrated = useHydrated();
  const router = useRouter();
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({});

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setState({ busy: true });
    try {
      const team = await send<{ slug: string }>("POST", "/api/ui/settings/teams", {
        slug: String(form.get("slug") ?? ""),
        name: String(form.get("name") ?? "") || undefined,
      });
      router.push(`/settings?team=${encodeURIComponent(team.slug)}`);
      router.refresh();
      setState({});
    } catch (err) {
      setState({ error: (err as Error).message });
    }
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
            <Button type="submit" disabled={state.busy || !hydrated}>
              Create team
            </Button>
          </div>
          <Hint id="team-slug-hint">Lower-case letters, digits and dashes, e.g. platform-infra.</Hint>
          {state.error ? <Alert tone="error">{state.error}</Alert> : null}
        </form>
      </CardBody>
    </Card>
  );
}
