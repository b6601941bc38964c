// Where global-setup leaves the shared server's address and data folder for the tests.
import { readFileSync } from "node:fs";
import path from "node:path";

export type E2eState = { baseURL: string; dataDir: string };

export const STATE_FILE = path.join(import.meta.dirname, ".state.json");

export function e2eState(): E2eState {
  if (process.env.E2E_BASE_URL && process.env.E2E_DATA_DIR) return { baseURL: process.env.E2E_BASE_URL, dataDir: process.env.E2E_DATA_DIR };
  return JSON.parse(readFileSync(STATE_FILE, "utf8")) as E2eState;
}
