// A local stand-in for Slack's Web API (chat.postMessage, chat.update, chat.postEphemeral,
// views.open, users.info, auth.test). Every request is checked against Slack's documented shapes:
// POST, `Authorization: Bearer xoxb-…`, a form or JSON body, and the Block Kit essentials (50
// blocks in a message, 100 in a modal, 3,000-character texts, 75-character button and option
// texts, 150-character headers, unique block and action ids). A request that breaks a rule is
// answered `ok: false` and recorded in `problems`, which every test expects to stay empty.
// `rateLimit(method, seconds)` answers the next call of a method 429 with Retry-After.
import { createServer, type Server } from "node:http";
import { freePort } from "./server";

export type SlackCall = { method: string; at: number; args: Record<string, unknown>; raw: string; status: number };
export type SlackUser = { email: string; confirmed: boolean };

type Json = Record<string, unknown>;

const TEXT_TYPES = new Set(["plain_text", "mrkdwn"]);
const BLOCK_TYPES = new Set(["section", "header", "context", "actions", "divider", "input"]);
const ELEMENT_TYPES = new Set(["button", "static_select", "multi_static_select", "checkboxes", "radio_buttons", "plain_text_input"]);

/** Block Kit's essentials; returns the problems found. */
export function checkBlocks(blocks: unknown, max: number): string[] {
  const out: string[] = [];
  if (!Array.isArray(blocks)) return ["blocks is not an array"];
  if (blocks.length > max) out.push(`${blocks.length} blocks (at most ${max})`);
  const blockIds = new Set<string>();
  const text = (t: unknown, where: string, limit: number, plainOnly = false) => {
    const o = t as Json | undefined;
    if (!o || !TEXT_TYPES.has(String(o.type)) || typeof o.text !== "string") return out.push(`${where}: not a text object`);
    if (plainOnly && o.type !== "plain_text") out.push(`${where}: must be plain_text`);
    if (o.text.length > limit) out.push(`${where}: ${o.text.length} characters (at most ${limit})`);
    if (o.text.length === 0) out.push(`${where}: empty text`);
  };
  const options = (opts: unknown, where: string, limit: number) => {
    if (!Array.isArray(opts) || opts.length === 0 || opts.length > limit) return out.push(`${where}: ${Array.isArray(opts) ? opts.length : "no"} options (1 to ${limit})`);
    const values = new Set<string>();
    for (const [i, o] of (opts as Json[]).entries()) {
      text(o.text, `${where}.options[${i}]`, 75, true);
      if (typeof o.value !== "string" || o.value.length > 150) out.push(`${where}.options[${i}]: value missing or over 150`);
      if (values.has(String(o.value))) out.push(`${where}: option value ${String(o.value)} twice`);
      values.add(String(o.value));
    }
  };
  for (const [i, b] of (blocks as Json[]).entries()) {
    const at = `blocks[${i}]`;
    if (!BLOCK_TYPES.has(String(b.type))) out.push(`${at}: unknown type ${String(b.type)}`);
    if (b.block_id !== undefined) {
      if (typeof b.block_id !== "string" || b.block_id.length > 255) out.push(`${at}: block_id over 255`);
      if (blockIds.has(String(b.block_id))) out.push(`${at}: block_id ${String(b.block_id)} twice`);
      blockIds.add(String(b.block_id));
    }
    if (b.type === "header") text(b.text, `${at}.text`, 150, true);
    if (b.type === "section") text(b.text, `${at}.text`, 3000);
    if (b.type === "context") {
      const els = b.elements as unknown[];
      if (!Array.isArray(els) || els.length === 0 || els.length > 10) out.push(`${at}: context takes 1 to 10 elements`);
      else els.forEach((e, j) => text(e, `${at}.elements[${j}]`, 3000));
    }
    const elements = b.type === "actions" ? (b.elements as Json[]) : b.type === "input" ? [b.element as Json] : [];
    if (b.type === "actions" && (!Array.isArray(elements) || elements.length === 0 || elements.length > 25)) out.push(`${at}: actions take 1 to 25 elements`);
    if (b.type === "input") text(b.label, `${at}.label`, 2000, true);
    const actionIds = new Set<string>();
    for (const [j, e] of (elements ?? []).entries()) {
      const where = `${at}.elements[${j}]`;
      if (!e || !ELEMENT_TYPES.has(String(e.type))) {
        out.push(`${where}: unknown element ${String(e?.type)}`);
        continue;
      }
      if (typeof e.action_id !== "string" || e.action_id.length > 255) out.push(`${where}: action_id missing or over 255`);
      if (actionIds.has(String(e.action_id))) out.push(`${where}: action_id ${String(e.action_id)} twice in the block`);
      actionIds.add(String(e.action_id));
      if (e.type === "button") {
        text(e.text, `${where}.text`, 75, true);
        if (e.value !== undefined && (typeof e.value !== "string" || e.value.length > 2000)) out.push(`${where}: value over 2000`);
        if (e.url !== undefined && (typeof e.url !== "string" || e.url.length > 3000)) out.push(`${where}: url over 3000`);
      }
      if (e.type === "static_select" || e.type === "multi_static_select") options(e.options, where, 100);
      if (e.type === "checkboxes" || e.type === "radio_buttons") options(e.options, where, 10);
    }
  }
  return out;
}

/** Action ids unique across a message's actions blocks, as Slack requires. */
function checkMessageActionIds(blocks: Json[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const b of blocks) {
    if (b.type !== "actions") continue;
    for (const e of b.elements as Json[]) {
      if (seen.has(String(e.action_id))) out.push(`action_id ${String(e.action_id)} twice in the message`);
      seen.add(String(e.action_id));
    }
  }
  return out;
}

function checkModal(view: Json): string[] {
  const out: string[] = [];
  if (view.type !== "modal") out.push("view.type must be modal");
  const title = view.title as Json | undefined;
  if (title?.type !== "plain_text" || typeof title.text !== "string" || title.text.length > 24 || !title.text) out.push("view.title: plain_text of 1 to 24 characters");
  for (const k of ["submit", "close"]) {
    const t = view[k] as Json | undefined;
    if (t && (t.type !== "plain_text" || String(t.text).length > 24)) out.push(`view.${k}: plain_text of at most 24`);
  }
  const blocks = view.blocks as Json[];
  if (blocks?.some((b) => b.type === "input") && !view.submit) out.push("a modal with inputs needs submit");
  if (typeof view.private_metadata === "string" && view.private_metadata.length > 3000) out.push("private_metadata over 3000");
  if (typeof view.callback_id === "string" && view.callback_id.length > 255) out.push("callback_id over 255");
  return [...out, ...checkBlocks(blocks, 100)];
}

export type SlackStandIn = {
  url: string;
  token: string;
  calls: SlackCall[];
  problems: string[];
  users: Map<string, SlackUser>;
  /** every message as Slack now shows it, by ts */
  messages: Map<string, { channel: string; text: string; blocks: Json[] }>;
  rateLimit: (method: string, seconds: number) => void;
  close: () => Promise<void>;
};

export async function startSlackStandIn(token: string): Promise<SlackStandIn> {
  const calls: SlackCall[] = [];
  const problems: string[] = [];
  const users = new Map<string, SlackUser>();
  const messages = new Map<string, { channel: string; text: string; blocks: Json[] }>();
  const limited = new Map<string, number>();
  let seq = 0;

  const handle = (method: string, args: Json): Json => {
    const need = (...names: string[]) => names.filter((n) => typeof args[n] !== "string" || !args[n]).map((n) => `${method}: ${n} missing`);
    const fail = (list: string[]): Json | null => {
      if (!list.length) return null;
      problems.push(...list);
      return { ok: false, error: "invalid_arguments", response_metadata: { messages: list } };
    };
    switch (method) {
      case "auth.test":
        return { ok: true, url: "https://standin.slack.test/", team: "Stand-in", team_id: "T0STANDIN", user_id: "U0BOT", bot_id: "B0BOT" };
      case "users.info": {
        const u = users.get(String(args.user));
        if (!u) return { ok: false, error: "user_not_found" };
        return { ok: true, user: { id: args.user, deleted: false, is_bot: false, is_email_confirmed: u.confirmed, profile: { email: u.email } } };
      }
      case "chat.postMessage":
      case "chat.update": {
        const blocks = typeof args.blocks === "string" ? (JSON.parse(args.blocks) as Json[]) : (args.blocks as Json[]);
        const bad = fail([
          ...need("channel", "text", ...(method === "chat.update" ? ["ts"] : [])),
          ...checkBlocks(blocks, 50).map((p) => `${method}: ${p}`),
          ...checkMessageActionIds(blocks ?? []).map((p) => `${method}: ${p}`),
          ...(String(args.text ?? "").length > 40_000 ? [`${method}: text over 40,000`] : []),
        ]);
        if (bad) return bad;
        if (method === "chat.update" && !messages.has(String(args.ts))) return { ok: false, error: "message_not_found" };
        const ts = method === "chat.update" ? String(args.ts) : `1700000000.${String(++seq).padStart(6, "0")}`;
        messages.set(ts, { channel: String(args.channel), text: String(args.text), blocks });
        return { ok: true, channel: args.channel, ts, message: { text: args.text } };
      }
      case "chat.postEphemeral":
        return fail(need("channel", "user", "text")) ?? { ok: true, message_ts: `1700000001.${String(++seq).padStart(6, "0")}` };
      case "views.open": {
        const view = typeof args.view === "string" ? (JSON.parse(args.view) as Json) : (args.view as Json);
        return fail([...need("trigger_id"), ...checkModal(view ?? {}).map((p) => `views.open: ${p}`)]) ?? { ok: true, view: { id: `V${++seq}` } };
      }
      default:
        problems.push(`unexpected method ${method}`);
        return { ok: false, error: "unknown_method" };
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const method = (req.url ?? "").replace(/^\/api\//, "").split("?")[0]!;
      const reply = (status: number, body: Json, headers: Record<string, string> = {}) =>
        res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers }).end(JSON.stringify(body));
      if (req.method !== "POST" || !req.url?.startsWith("/api/")) {
        problems.push(`${req.method} ${req.url}: Slack's Web API takes POST /api/<method>`);
        return reply(404, { ok: false, error: "unknown_method" });
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        problems.push(`${method}: Authorization is not the bot token as a Bearer`);
        return reply(200, { ok: false, error: "invalid_auth" });
      }
      const type = req.headers["content-type"] ?? "";
      let args: Json;
      try {
        if (type.startsWith("application/x-www-form-urlencoded")) args = Object.fromEntries(new URLSearchParams(raw));
        else if (type.startsWith("application/json")) args = JSON.parse(raw) as Json;
        else throw new Error(`content-type ${type}`);
      } catch (e) {
        problems.push(`${method}: unreadable body (${(e as Error).message})`);
        return reply(200, { ok: false, error: "invalid_form_data" });
      }
      const call: SlackCall = { method, at: Date.now(), args, raw, status: 200 };
      calls.push(call);
      const wait = limited.get(method);
      if (wait !== undefined) {
        limited.delete(method);
        call.status = 429;
        return reply(429, { ok: false, error: "ratelimited" }, { "retry-after": String(wait) });
      }
      reply(200, handle(method, args));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/api`,
    token,
    calls,
    problems,
    users,
    messages,
    rateLimit: (method, seconds) => limited.set(method, seconds),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
