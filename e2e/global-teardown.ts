import { rmSync } from "node:fs";
import type { TestServer } from "../tests/helpers/server";
import { STATE_FILE } from "./state";

const g = globalThis as unknown as { __e2eServer?: TestServer; __e2eDataDir?: string };

export default async function globalTeardown(): Promise<void> {
  await g.__e2eServer?.stop();
  if (g.__e2eDataDir && !process.env.KEEP_TEST_DATA) rmSync(g.__e2eDataDir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
}
