"use client";
// The team's default expiry: how long a request that names no timeoutSeconds stays open.
import { useState } from "react";
import { errorText, uiFetch } from "@/lib/browser/api";
import { span } from "@/lib/time/format";
import { Alert, Button, Card, CardBody, CardHeader, Label, Select } from "../ui";
import { settingsUrl, useSettingsMutation } from "./mutations";

const CHOICES = [3600, 8 * 3600, 86_400, 3 * 86_400, 7 * 86_400];
const SERVER = "server";
const NONE = "0";

export function ExpiryCard({ teamId, seconds, serverDefault }: { teamId: string; seconds: number | null; serverDefault: number }) {
  const initial = seconds === null ? SERVER : String(seconds);
  const [value, setValue] = useState(initial);
  const save = useSettingsMutation((v: string) =>
    uiFetch<void>("PUT", settingsUrl(teamId, "default-expiry"), { body: { seconds: v === SERVER ? null : Number(v) } }),
  );
  const label = (s: number) => (s === 0 ? "no expiry" : span(s * 1000));
  const options = [...new Set([...CHOICES, ...(seconds ? [seconds] : [])])].sort((a, b) => a - b);
  return (
    <Card aria-labelledby="expiry-title">
      <CardHeader
        id="expiry-title"
        title="Default expiry"
        description="For requests that set no timeoutSeconds. An agent that stops waiting has its request withdrawn anyway (see the README)."
      />
      <CardBody className="space-y-3">
        <div className="grid gap-1">
          <Label htmlFor="default-expiry">Requests expire after</Label>
          <Select id="default-expiry" value={value} onChange={(e) => setValue(e.target.value)}>
            <option value={SERVER}>Server default ({label(serverDefault)})</option>
            <option value={NONE}>Never (no expiry)</option>
            {options.map((s) => (
              <option key={s} value={String(s)}>
                {label(s)}
              </option>
            ))}
          </Select>
        </div>
        {save.error ? <Alert tone="error">{errorText(save.error)}</Alert> : null}
        {save.isSuccess ? <Alert tone="success">Default expiry saved.</Alert> : null}
        <Button onClick={() => save.mutate(value)} disabled={save.isPending || value === initial}>
          Save expiry
        </Button>
      </CardBody>
    </Card>
  );
}
