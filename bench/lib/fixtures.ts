// Request bodies and seeded rows. Seeded rows are shaped like the app's own (lib/questions/create.ts):
// JSON strings for questions and response, lower-cased searchText, time-ordered `qr_` ids.
import { randomBytes } from "node:crypto";
import type { RequestRow, TokenRow } from "../../lib/db/types";
import { generateToken, hashToken } from "../../lib/auth/tokens";
import { newId } from "../../lib/ids";
import { answerDigest } from "../../lib/insights/columns";
import { requestFingerprint } from "../../lib/questions/fingerprint";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford base32, as lib/ids.ts

/** An id in lib/ids.ts's layout for a given creation time (seeded history lies in the past). */
export function idAt(prefix: string, ms: number): string {
  let time = "";
  for (let i = 0, t = ms; i < 10; i++, t = Math.floor(t / 32)) time = ALPHABET[t % 32] + time;
  const random = Array.from(randomBytes(16), (b) => ALPHABET[b % 32]).join("");
  return `${prefix}_${time}${random}`;
}

/** What an agent submits in the throughput run: one model_tool single-select question. */
export const SUBMIT_BODY = {
  title: "Pick the database for the billing service",
  context: "The service stores **invoices** and needs transactions. Both options are already in the stack.",
  agent: { name: "bench-agent", sessionId: "bench-session", turnId: "t1", toolCallId: "call_1" },
  questions: [
    {
      id: "db",
      header: "Database",
      prompt: "Which database should the billing service use?",
      kind: "single_select",
      options: [{ label: "PostgreSQL", description: "server, already in production" }, { label: "SQLite", description: "embedded" }, { label: "MySQL" }],
    },
  ],
};

export const REPLY_BODY = { answers: { db: { selected: ["PostgreSQL"], note: "benchmark" } } };

const QUESTIONS = [
  {
    id: "db",
    header: "Database",
    prompt: "Which database should the billing service use?",
    kind: "single_select" as const,
    options: [{ label: "PostgreSQL", description: "server, already in production" }, { label: "SQLite", description: "embedded" }, { label: "MySQL" }],
    allowCustom: true,
    secret: false,
  },
];
const QUESTIONS_JSON = JSON.stringify(QUESTIONS);
const FINGERPRINT = requestFingerprint(QUESTIONS);
const ANSWERED = { answers: { db: { selected: ["PostgreSQL"], custom: null, text: null, note: null } } };
const ANSWER_DIGEST = answerDigest(QUESTIONS, ANSWERED);
/** The seeded question as stored, for the SQL seeding (history-sql.ts). */
export const HISTORY_QUESTIONS = { json: QUESTIONS_JSON, fingerprint: FINGERPRINT, digest: ANSWER_DIGEST };

export type SeededToken = { token: string; row: TokenRow };

export function makeToken(teamId: string, name: string, scopes: string): SeededToken {
  const token = generateToken();
  return {
    token,
    row: { id: newId("tok"), teamId, name, hash: hashToken(token), hint: token.slice(-4), scopes, policy: "allow", createdAt: new Date(), lastUsedAt: null, revokedAt: null },
  };
}

function baseRow(opts: { id: string; teamId: string; tokenId: string; agentName: string; title: string; createdAt: Date }): RequestRow {
  return {
    id: opts.id,
    teamId: opts.teamId,
    tokenId: opts.tokenId,
    status: "pending",
    source: "model_tool",
    mode: "interactive",
    title: opts.title,
    context: null,
    agentName: opts.agentName,
    sessionId: `s-${opts.id.slice(-8)}`,
    turnId: null,
    toolCallId: null,
    parentRequestId: null,
    callbackUrl: null,
    expirySource: null,
    mcpSessionId: null,
    agentSeenAt: null,
    agentGoneAt: null,
    cwd: null,
    approvals: null,
    questions: QUESTIONS_JSON,
    response: null,
    searchText: "",
    createdAt: opts.createdAt,
    expiresAt: null,
    resolvedAt: null,
    resolvedBy: null,
    version: 1,
    escalatedAt: null,
    fingerprint: FINGERPRINT,
    kind: "single_select",
    answerDigest: null,
    waitSeconds: null,
    insightPending: false,
  };
}

/** Pending requests for the waiter scenarios, one per token id given. */
export function pendingRows(teamId: string, tokenIds: string[]): RequestRow[] {
  return tokenIds.map((tokenId, i) => {
    const row = baseRow({ id: newId("qr"), teamId, tokenId, agentName: "bench-waiter", title: `Waiter ${i}`, createdAt: new Date() });
    row.searchText = searchText(row, "which database should the billing service use?");
    return row;
  });
}

export const HISTORY_AGENTS = Array.from({ length: 50 }, (_, i) => `agent-${String(i).padStart(2, "0")}`);
const TOPICS = ["postgresql", "redis cache", "api shape", "retry policy", "feature flag", "logging format", "deploy target", "auth provider"];
/** One row in 5,000 carries this word: a text search that must scan nearly the whole table. */
export const RARE_WORD = "zanzibar";
export const COMMON_WORD = "postgresql"; // one row in 8
const REJECTION = "No answer was given; proceed with your best judgement.";
const QUESTION_TEXT = "database\nwhich database should the billing service use?";
/** What every seeded history row is made of, shared with the SQL seeding (history-sql.ts). */
export const HISTORY_SEED = { topics: TOPICS, rareWord: RARE_WORD, rejection: REJECTION, questionText: QUESTION_TEXT };

/**
 * `n` resolved requests spread over the last 90 days (oldest first): 70 % answered, 15 % rejected,
 * 10 % cancelled, 5 % expired; 50 agents; realistic titles, context and response JSON. For the
 * small probes; the scenarios seed the same rows in SQL (history-sql.ts).
 */
export function historyRows(teamId: string, tokenId: string, n: number, now = Date.now()): RequestRow[] {
  return Array.from({ length: n }, (_, i) => historyRow(teamId, tokenId, n, i, now));
}

function historyRow(teamId: string, tokenId: string, n: number, i: number, now: number): RequestRow {
  const span = 90 * 86_400_000;
  const created = now - span + Math.floor((i * span) / n) - 60_000;
  const topic = TOPICS[i % TOPICS.length]!;
  const agentName = HISTORY_AGENTS[(i * 7) % HISTORY_AGENTS.length]!;
  const rare = i % 5000 === 1234 ? ` ${RARE_WORD}` : "";
  const row = baseRow({ id: idAt("qr", created), teamId, tokenId, agentName, title: `Decide the ${topic} for service ${i % 97}${rare}`, createdAt: new Date(created) });
  row.context = `Context for decision ${i}: the ${topic} choice blocks the next step of the plan.`;
  const pick = i % 20;
  row.status = pick < 14 ? "answered" : pick < 17 ? "rejected" : pick < 19 ? "cancelled" : "expired";
  row.response =
    row.status === "answered"
      ? JSON.stringify({ answers: { db: { selected: ["PostgreSQL"], custom: null, text: null, note: i % 3 ? null : "keep it boring" } } })
      : JSON.stringify({ rejection: { code: row.status === "rejected" ? "reviewer_rejected" : row.status, message: REJECTION } });
  row.resolvedAt = new Date(created + 30_000 + (i % 600) * 1000);
  row.resolvedBy = row.status === "answered" || row.status === "rejected" ? `token:reviewer-${i % 5}` : "system";
  row.version = 2;
  row.waitSeconds = 30 + (i % 600);
  row.answerDigest = row.status === "answered" ? ANSWER_DIGEST : null;
  row.searchText = searchText(row, QUESTION_TEXT);
  return row;
}

function searchText(row: RequestRow, questionText: string): string {
  return [row.title, row.context, row.agentName, questionText].filter(Boolean).join("\n").toLowerCase();
}
