"use client";
// Settings → your Slack account: the Slack users that act as you (made from the link Slack
// offers an unlinked user), confirming a new one, and removing one.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorText, uiFetch } from "@/lib/browser/api";
import { Alert, Button, Card, CardBody, CardHeader } from "../ui";

export function SlackLinkCard({ links, token }: { links: { slackUserId: string }[]; token: string | null }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(token);
  const run = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      setPending(null);
      router.replace("/settings");
      router.refresh();
    } catch (e) {
      setError(errorText(e));
    }
  };
  if (!links.length && !pending) return null;
  return (
    <Card aria-labelledby="slack-link-title">
      <CardHeader id="slack-link-title" title="Your Slack account" description="Answers you give in Slack are recorded as yours." />
      <CardBody className="space-y-3 text-sm">
        {pending ? (
          <div className="space-y-2">
            <p>Link the Slack account you clicked from to your account here?</p>
            <Button size="sm" onClick={() => void run(() => uiFetch("POST", "/api/ui/slack/links", { body: { token: pending } }))}>
              Link my Slack account
            </Button>
          </div>
        ) : null}
        {links.map((l) => (
          <div key={l.slackUserId} className="flex items-center justify-between gap-2">
            <span>
              Linked Slack user <code className="font-mono">{l.slackUserId}</code>
            </span>
            <Button size="sm" variant="secondary" onClick={() => void run(() => uiFetch("DELETE", "/api/ui/slack/links", { body: { slackUserId: l.slackUserId } }))}>
              Unlink
            </Button>
          </div>
        ))}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </CardBody>
    </Card>
  );
}
