#!/usr/bin/env node
// `questions`: ask a person from a shell script, a Makefile or a CI job, and wait for the answer.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { approve, ask, readContext, secret, type Common } from "./commands.ts";
import { parseDuration } from "./duration.ts";
import { CliError, EXIT } from "./exit.ts";
import { contextFromEnv } from "./wait.ts";

const ENV_HELP = `Environment:
  QUESTIONS_URL     the server (default http://localhost:3000)
  QUESTIONS_TOKEN   an API token with the \`ask\` scope (required)

Exit codes: 0 answered · 1 other error · 2 usage · 3 rejected/denied · 4 expired (no answer in time)
            5 withdrawn · 6 server unreachable · 7 token refused · 130 interrupted`;

const COMMON_HELP = `  --timeout DURATION  stop waiting after 90s, 10m, 2h… (the request is withdrawn; exit 4)
  --title TEXT        the inbox row's title
  --header TEXT       the question's short header (≤ 24 characters)
  --agent NAME        who is asking (default: QUESTIONS_AGENT, else "questions CLI")
  --session ID        group requests of one run (e.g. the CI job id)
  -h, --help          this help`;

const HELP: Record<string, string> = {
  main: `Usage: questions <command> [options]

Ask a person in the OpenOxide Questions inbox and wait for the answer.

Commands:
  ask "Question?" [--option A --option B] [--multi] [--other] [--context FILE|-] [--json]
  approve [--timeout 30m] -- <command …>      run the command only when a person approves it
  secret "Deploy key?"                         print a secret a person types, to stdout only

Run \`questions <command> --help\` for a command's options.

${ENV_HELP}`,
  ask: `Usage: questions ask "Which database?" [--option PostgreSQL --option SQLite] [options]

Waits for the answer and prints it: the chosen labels one per line (then any "Other" text), or the
typed text when no --option is given. The reviewer's note, if any, goes to stderr.

  --option LABEL      a choice (repeat); none: a free-text question
  --multi             several choices may be picked
  --other             the reviewer may type an answer of their own
  --context FILE|-    Markdown shown above the question (- reads standard input)
  --json              print {id, status, answeredBy, answer, rejection} as JSON (also when not answered)
${COMMON_HELP}

${ENV_HELP}`,
  approve: `Usage: questions approve [options] -- <command> [args…]

Asks for approval of exactly this command, then runs it (no shell, same stdin/stdout/stderr) and
exits with its status. Denied: prints the reviewer's note to stderr, does not run it, exits 3.

${COMMON_HELP}

${ENV_HELP}`,
  secret: `Usage: questions secret "Deploy key?" [options]

A person types a secret in the inbox; it is printed to stdout and nowhere else (exactly the value
when piped or redirected, plus a newline on a terminal). It is claimed once and not kept in history.

${COMMON_HELP}

${ENV_HELP}`,
};

const COMMON_OPTIONS = {
  timeout: { type: "string" },
  title: { type: "string" },
  header: { type: "string" },
  agent: { type: "string" },
  session: { type: "string" },
  help: { type: "boolean", short: "h" },
} satisfies ParseArgsConfig["options"];

const ASK_OPTIONS = {
  ...COMMON_OPTIONS,
  option: { type: "string", multiple: true },
  multi: { type: "boolean" },
  other: { type: "boolean" },
  context: { type: "string" },
  json: { type: "boolean" },
} satisfies ParseArgsConfig["options"];

function parse<O extends NonNullable<ParseArgsConfig["options"]>>(command: string, args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliError(`${(e as Error).message}\nRun \`questions ${command} --help\`.`, EXIT.usage);
  }
}

function common(values: { timeout?: string; title?: string; header?: string; agent?: string; session?: string }): Common {
  return {
    timeout: values.timeout === undefined ? undefined : parseDuration(values.timeout),
    title: values.title,
    header: values.header,
    agent: values.agent ?? process.env.QUESTIONS_AGENT?.trim() ?? "questions CLI",
    session: values.session,
  };
}

function onePrompt(command: string, positionals: string[]): string {
  if (positionals.length !== 1 || !positionals[0]!.trim()) {
    throw new CliError(`questions ${command} takes one question in quotes, e.g. questions ${command} "${command === "secret" ? "Deploy key?" : "Which database?"}"`, EXIT.usage);
  }
  return positionals[0]!;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(`${HELP.main}\n`);
    return command === undefined ? EXIT.usage : EXIT.answered;
  }
  if (command === "--version" || command === "-v") {
    process.stdout.write("0.1.0\n");
    return EXIT.answered;
  }
  if (!(command in HELP) || command === "main") throw new CliError(`Unknown command "${command}".\n\n${HELP.main}`, EXIT.usage);
  // approve: everything after `--` is the command, untouched.
  const split = command === "approve" ? rest.indexOf("--") : -1;
  const args = split >= 0 ? rest.slice(0, split) : rest;
  const { values, positionals } = command === "ask" ? parse(command, args, ASK_OPTIONS) : parse(command, args, COMMON_OPTIONS);
  if (values.help) {
    process.stdout.write(`${HELP[command]}\n`);
    return EXIT.answered;
  }
  const c = common(values);
  if (command === "ask") {
    const v = values as { option?: string[]; multi?: boolean; other?: boolean; context?: string; json?: boolean };
    const prompt = onePrompt(command, positionals);
    if ((v.multi || v.other) && !v.option?.length) throw new CliError("--multi and --other need at least one --option.", EXIT.usage);
    const context = v.context === undefined ? undefined : readContext(v.context);
    const ctx = contextFromEnv(process.env, process.stderr);
    return ask(ctx, { ...c, prompt, options: v.option ?? [], multi: !!v.multi, other: !!v.other, context, json: !!v.json }, process.stdout);
  }
  if (command === "approve") {
    const cmd = split >= 0 ? rest.slice(split + 1) : [];
    if (positionals.length || !cmd.length) throw new CliError("Usage: questions approve [options] -- <command> [args…]", EXIT.usage);
    return approve(contextFromEnv(process.env, process.stderr), { ...c, command: cmd });
  }
  return secret(contextFromEnv(process.env, process.stderr), { ...c, prompt: onePrompt(command, positionals) }, process.stdout);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`questions: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(e instanceof CliError ? e.code : EXIT.error);
  },
);
