// One structured logger. Redaction is a second line of defence: code never passes secret values
// or request bodies to it in the first place.
import pino from "pino";
import { env } from "./config/env";

const g = globalThis as unknown as { __questionsLog?: pino.Logger };

export const log: pino.Logger = (g.__questionsLog ??= pino({
  level: env().LOG_LEVEL,
  base: undefined,
  redact: {
    paths: [
      "authorization",
      "*.authorization",
      "headers.authorization",
      "*.headers.authorization",
      "*.headers.cookie",
      "token",
      "*.token",
      "text",
      "*.text",
      "value",
      "*.value",
      "secret",
      "*.secret",
      "body",
      "*.body",
    ],
    censor: "[redacted]",
  },
}));
