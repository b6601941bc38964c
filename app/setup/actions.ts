"use server";
// Server action behind /setup. Next.js already refuses cross-origin action posts; the explicit
// Origin check keeps that guarantee visible here, where it matters most.
import { headers } from "next/headers";
import { z } from "zod";
import { createFirstAdmin } from "@openoxide/questions-core/auth/setup";

const SetupInput = z.object({
  email: z.string().trim().toLowerCase().regex(/^[^\s@]+@[^\s@]+$/, "Enter a valid email address.").max(254),
  name: z.string().trim().max(100).optional(),
  password: z.string().min(10, "Use at least 10 characters.").max(1024),
});

export type SetupResult = { ok: true } | { ok: false; error: string; done?: boolean };

async function sameOrigin(): Promise<boolean> {
  const h = await headers();
  const origin = h.get("origin");
  const host = h.get("x-forwarded-host") ?? h.get("host");
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export async function setupAction(input: { email: string; name: string; password: string }): Promise<SetupResult> {
  if (!(await sameOrigin())) return { ok: false, error: "Cross-site request refused." };
  const parsed = SetupInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Check the form." };
  const { email, name, password } = parsed.data;
  const result = await createFirstAdmin({ email, name: name || null, password });
  if (result === "exists") return { ok: false, done: true, error: "Setup is already complete. Sign in instead." };
  return { ok: true };
}
