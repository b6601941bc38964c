// One line per event on stderr (stdout is for the agent's own output in the Codex runner).
// Callers pass ids, kinds and headers only — never answers, secrets or tokens.
export type Logger = (message: string) => void;

export function logger(prefix: string, write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  return (message) => write(`${new Date().toISOString()} [${prefix}] ${message}\n`);
}
