// Prefixed, time-ordered ids (ULID layout): sorting by id is sorting by creation, which gives
// FIFO order and stable keyset cursors. Monotonic within a process.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford base32
// Loaded once per process (the core package, scripts/build-core.mjs), so one counter.
const state: { lastTime: number; lastRandom: number[] } = { lastTime: 0, lastRandom: [] };

function encodeTime(ms: number): string {
  let out = "";
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

function freshRandom(): number[] {
  return Array.from(randomBytes(16), (b) => b % 32);
}

function increment(digits: number[]): number[] {
  const next = digits.slice();
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] < 31) {
      next[i]++;
      return next;
    }
    next[i] = 0;
  }
  return freshRandom();
}

export function newId(prefix: string): string {
  const now = Date.now();
  if (now <= state.lastTime) {
    state.lastRandom = increment(state.lastRandom);
  } else {
    state.lastTime = now;
    state.lastRandom = freshRandom();
  }
  return `${prefix}_${encodeTime(state.lastTime)}${state.lastRandom.map((d) => ALPHABET[d]).join("")}`;
}
