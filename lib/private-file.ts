// Files only this process's user may read (generated keys and secrets under DATA_DIR, mode 0600).
import { chmodSync, linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes `content` through a temporary file. `once`: create only, never replace — link() fails
 * when the file exists, so of two processes starting at once the first writer wins.
 */
export function writePrivateFile(file: string, content: string, once = false): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  if (!once) return renameSync(tmp, file);
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
}
