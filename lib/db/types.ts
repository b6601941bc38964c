// Row types shared by both providers (the generated clients come from one model file).
export type {
  QuestionRequest as RequestRow,
  SecretAnswer as SecretRow,
  Event as EventRow,
  ApiToken as TokenRow,
  Team as TeamRow,
} from "./generated/sqlite/client.ts";
export type { PrismaPromise } from "./generated/sqlite/internal/prismaNamespace.ts";
