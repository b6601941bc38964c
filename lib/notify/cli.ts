// `npm run admin -- webhook create|list|delete` (SPEC §9). Plugged into scripts/admin.ts as a
// table of commands; the signing secret is printed alone on the last line of `create`.
import { db } from "../db/client";
import { AdminError, CLI, teamIdBySlug as teamId, type CliCommand } from "../admin/commands";
import { fieldErrors } from "../errors";
import { CreateWebhookBody } from "./schemas";
import { createWebhook, deleteWebhook, listWebhooks } from "./webhooks";

export const WEBHOOK_USAGE = `  webhook create --team <slug> --url <url> [--format json|slack] [--events request.created,request.resolved]
  webhook list [--team <slug>]
  webhook delete <webhook-id>`;

export const WEBHOOK_COMMANDS: Record<string, CliCommand> = {
  "webhook create": {
    args: [],
    options: { team: { type: "string" }, url: { type: "string" }, format: { type: "string" }, events: { type: "string" } },
    required: ["team", "url"],
    async run(_, v) {
      const parsed = CreateWebhookBody.safeParse({
        url: v.url,
        ...(v.format ? { format: v.format } : {}),
        ...(v.events ? { events: v.events.split(",").map((e) => e.trim()).filter(Boolean) } : {}),
      });
      if (!parsed.success) {
        throw new AdminError(`webhook create: ${fieldErrors(parsed.error).map((e) => `--${e.path.replace(/\[\d+\]$/, "")}: ${e.message}`).join("; ")}`);
      }
      const { webhook, secret } = await createWebhook(await teamId(v.team!), parsed.data, CLI);
      return [
        `Created webhook ${webhook.id} (${webhook.format}, events ${webhook.events.join(",")}) for team ${v.team} → ${webhook.url}.`,
        "Its signing secret is shown only this once; store it now.",
        secret,
      ];
    },
  },
  "webhook list": {
    args: [],
    options: { team: { type: "string" } },
    async run(_, v) {
      const teams = v.team ? [{ id: await teamId(v.team), slug: v.team }] : await db().team.findMany({ select: { id: true, slug: true }, orderBy: { slug: "asc" } });
      const lines: string[] = [];
      for (const t of teams) {
        for (const w of await listWebhooks(t.id)) {
          const state = w.pausedAt ? `paused since ${w.pausedAt}` : "active";
          lines.push(`${w.id}  ${t.slug}  ${w.format}  ${w.events.join(",")}  ${state}  ${w.url}`);
        }
      }
      return lines.length ? lines : ["No webhooks."];
    },
  },
  "webhook delete": {
    args: ["webhook-id"],
    options: {},
    async run([id]) {
      const w = await db().webhook.findUnique({ where: { id: id! }, select: { teamId: true } });
      if (!w) throw new AdminError(`unknown webhook "${id}"`);
      await deleteWebhook(w.teamId, id!, CLI);
      return [`Deleted webhook ${id} and its delivery log.`];
    },
  },
};
