// `--timeout 90s | 10m | 2h | 1d | 600` (plain numbers are seconds) → seconds.
import { CliError, EXIT } from "./exit.ts";

const UNIT: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([smhd]?)$/i.exec(text.trim());
  if (!m) throw new CliError(`--timeout: "${text}" is not a duration (e.g. 90s, 10m, 2h).`, EXIT.usage);
  const seconds = Math.round(Number(m[1]) * UNIT[(m[2] || "s").toLowerCase()]!);
  if (seconds <= 0) throw new CliError("--timeout must be more than 0 seconds.", EXIT.usage);
  return seconds;
}
