// The admin CLI (SPEC §5): `npm run admin -- <group> <action> …`. Exit codes: 0 done,
// 2 bad input (one line on stderr, no stack trace), 1 unexpected failure, 3 a broken audit chain.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { closeDb } from "../lib/db/client";
import {
  AdminError,
  createTeam,
  createToken,
  createUser,
  ensureMigrated,
  purgeNow,
  revokeToken,
  rotate,
} from "../lib/admin/commands";
import { AUDIT_COMMANDS, AUDIT_USAGE, AuditBroken } from "../lib/audit/cli";

// The other groups load only when named: webhooks and Slack bring nodemailer, web-push and Slack's
// client (~0.3 s of CPU), which `team`, `user` and `token` commands never use.
type Group = { commands: Record<string, Command>; usage: string };
const GROUPS: Record<string, () => Promise<Group>> = {
  webhook: async () => import("../lib/notify/cli").then((m) => ({ commands: m.WEBHOOK_COMMANDS, usage: m.WEBHOOK_USAGE })),
  langgraph: async () => import("../lib/langgraph/cli").then((m) => ({ commands: m.LANGGRAPH_COMMANDS, usage: m.LANGGRAPH_USAGE })),
  audit: async () => ({ commands: AUDIT_COMMANDS, usage: AUDIT_USAGE }),
  rule: async () => import("../lib/rules/cli").then((m) => ({ commands: m.RULE_COMMANDS, usage: m.RULE_USAGE })),
  slack: async () => import("../lib/slack/cli").then((m) => ({ commands: m.SLACK_COMMANDS, usage: m.SLACK_USAGE })),
};

async function usage(): Promise<string> {
  const groups = await Promise.all(Object.values(GROUPS).map((load) => load()));
  return `usage: npm run admin -- <command>
  team create <slug> [--name <name>]
  user create <email> --password <pw> --team <slug> --role reviewer|lead|admin
  token create --team <slug> --name <name> --scopes ask,answer,read [--policy allow|deny]
  token revoke <token-id | token>
  keys rotate
  purge
${groups.map((g) => g.usage).join("\n")}`;
}

type Options = NonNullable<ParseArgsConfig["options"]>;
type Command = {
  /** names of the positional arguments after `<group> <action>` */
  args: string[];
  options: Options;
  required?: string[];
  run: (args: string[], values: Record<string, string | undefined>) => Promise<string[]>;
};

const COMMANDS: Record<string, Command> = {
  "team create": {
    args: ["slug"],
    options: { name: { type: "string" } },
    async run([slug], v) {
      const team = await createTeam({ slug: slug!, name: v.name });
      return [`Created team ${team.slug} ("${team.name}", id ${team.id}).`];
    },
  },
  "user create": {
    args: ["email"],
    options: { password: { type: "string" }, team: { type: "string" }, role: { type: "string" } },
    required: ["password", "team", "role"],
    async run([email], v) {
      const u = await createUser({ email: email!, password: v.password!, teamSlug: v.team!, role: v.role! });
      const what = u.created ? "Created user" : "Updated user (password set)";
      return [`${what} ${u.email} (id ${u.id}): ${u.role} of team ${u.team}.`];
    },
  },
  "token create": {
    args: [],
    options: { team: { type: "string" }, name: { type: "string" }, scopes: { type: "string" }, policy: { type: "string" } },
    required: ["team", "name", "scopes"],
    async run(_, v) {
      const t = await createToken({ teamSlug: v.team!, name: v.name!, scopes: v.scopes!, policy: v.policy });
      // The token alone on the last line, so scripts can take it with `tail -n 1`.
      return [
        `Created token ${t.id} "${t.name}" for team ${t.team} (scopes ${t.scopes.join(",")}, policy ${t.policy}).`,
        "It is shown only this once; store it now.",
        t.token,
      ];
    },
  },
  "token revoke": {
    args: ["token-id | token"],
    options: {},
    async run([ref]) {
      const r = await revokeToken(ref!);
      const when = r.revokedAt.toISOString();
      return [r.alreadyRevoked ? `Token ${r.id} "${r.name}" was already revoked at ${when}.` : `Revoked token ${r.id} "${r.name}" at ${when}.`];
    },
  },
  "keys rotate": {
    args: [],
    options: {},
    async run() {
      const r = await rotate();
      const lines = [`Active key ${r.activeKey}; re-encrypted ${r.reencrypted} stored secret(s).`];
      if (r.unreadable) lines.push(`${r.unreadable} stored secret(s) could not be decrypted (tampered or key missing) and were left as they are.`);
      if (r.source === "env") lines.push("Keys come from QUESTIONS_KEYS: add a key there and set QUESTIONS_ACTIVE_KEY to rotate.");
      return lines;
    },
  },
  purge: {
    args: [],
    options: {},
    async run() {
      const r = await purgeNow();
      return [`Purged ${r.secrets} unclaimed secret(s) past retention and ${r.idempotencyRecords} expired idempotency record(s).`];
    },
  },
};

async function findCommand(argv: string[]): Promise<{ key: string; command: Command; rest: string[] }> {
  const [group, action] = argv;
  if (!group || group.startsWith("-")) throw new AdminError("missing command (try --help)");
  if (group === "purge") return { key: group, command: COMMANDS.purge!, rest: argv.slice(1) };
  const key = `${group} ${action ?? ""}`.trim();
  const load = Object.hasOwn(GROUPS, group) ? GROUPS[group] : undefined;
  const command = load ? (await load()).commands[key] : COMMANDS[key];
  if (!command) throw new AdminError(`unknown command "${key}" (try --help)`);
  return { key, command, rest: argv.slice(2) };
}

function parse(key: string, command: Command, rest: string[]): { args: string[]; values: Record<string, string | undefined> } {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new AdminError(`${key}: ${parseArgsMessage(e)}`);
  }
  const values: Record<string, string | undefined> = {};
  // A repeatable option (`multiple`) arrives as its values, one per line.
  for (const [name, value] of Object.entries(parsed.values)) values[name] = typeof value === "string" ? value : Array.isArray(value) ? value.join("\n") : undefined;
  const { positionals } = parsed;
  // Extra arguments are not echoed: they may be pieces of an unquoted password.
  if (positionals.length > command.args.length) throw new AdminError(`${key}: too many arguments`);
  if (positionals.length < command.args.length) throw new AdminError(`${key}: missing <${command.args[positionals.length]}>`);
  for (const name of command.required ?? []) {
    if (values[name] === undefined) throw new AdminError(`${key}: missing --${name}`);
  }
  return { args: positionals, values };
}

/** Node's parse errors, cut to one line. They name the option, never its value. */
function parseArgsMessage(e: unknown): string {
  const { code, message } = e as { code?: string; message: string };
  const first = message.split("\n")[0]!;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return first.split(". ")[0]!;
  if (/ambiguous/.test(first)) return `${first.replace(/\.$/, "")} (for a value starting with a dash, write --option=-value)`;
  return first;
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0) {
    process.stderr.write(`${await usage()}\n`);
    return 2;
  }
  if (argv.some((a) => a === "--help" || a === "-h") || argv[0] === "help") {
    process.stdout.write(`${await usage()}\n`);
    return 0;
  }
  try {
    const { key, command, rest } = await findCommand(argv);
    const { args, values } = parse(key, command, rest);
    await ensureMigrated();
    const lines = await command.run(args, values);
    process.stdout.write(`${lines.join("\n")}\n`);
    return 0;
  } catch (e) {
    if (e instanceof AuditBroken) {
      process.stderr.write(`admin: audit verify failed: ${e.message}\n`);
      return 3;
    }
    if (e instanceof AdminError) {
      process.stderr.write(`admin: ${e.message}\n`);
      return 2;
    }
    // Unexpected (database unreachable, disk full, …): still one line; ADMIN_DEBUG=1 for the stack.
    const message = e instanceof Error ? e.message.split("\n").filter(Boolean).at(-1) ?? e.name : String(e);
    process.stderr.write(`admin: unexpected failure: ${message}\n`);
    if (process.env.ADMIN_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    return 1;
  } finally {
    await closeDb().catch(() => undefined);
  }
}

// No top-level await: tsx loads this file as CommonJS (the package has no "type": "module").
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
