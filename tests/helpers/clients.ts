// Typed clients for the shared test server, one per seeded token, plus small seed helpers.
import { inject } from "vitest";
import { randomUUID } from "node:crypto";
import { QuestionsClient } from "@openoxide/questions-client";
import type { CreateRequestInput } from "@/lib/questions/schemas";

export function clients() {
  const baseUrl = inject("baseUrl");
  const t = inject("tokens");
  const make = (token: string) => new QuestionsClient({ baseUrl, token });
  return { baseUrl, agent: make(t.agent), reviewer: make(t.reviewer), reader: make(t.reader), all: make(t.all), otherTeam: make(t.otherTeam), tokens: t };
}

export const uid = () => randomUUID().slice(0, 8);

export function singleSelect(overrides: Partial<CreateRequestInput> = {}): CreateRequestInput {
  return {
    title: `Pick a database ${uid()}`,
    agent: { name: "test-agent", sessionId: `s-${uid()}` },
    questions: [
      {
        id: "db",
        header: "Database",
        prompt: "Which database should the service use?",
        kind: "single_select",
        options: [{ label: "PostgreSQL", description: "server" }, { label: "SQLite" }],
      },
    ],
    ...overrides,
  };
}
