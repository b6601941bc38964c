// Bodies of the invitation routes (one zod schema per shape; the UI posts exactly these).
import { z } from "zod";
import { ROLES } from "../auth/roles";

export const PASSWORD_MIN = 10;
export const NewPassword = z.string().min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`).max(1024);

export const CreateInvitationBody = z
  .object({
    email: z.string().trim().regex(/^[^\s@]+@[^\s@]+$/, "Enter a valid email address.").max(254),
    role: z.enum(ROLES),
  })
  .strict();

/** A password, or `sso: true` to sign in with single sign-on only (where it is configured). */
export const AcceptInvitationBody = z
  .object({
    token: z.string().min(1).max(200),
    name: z.string().trim().max(100).optional(),
    password: NewPassword.optional(),
    sso: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => !!b.password !== !!b.sso, { path: ["password"], message: "Set a password (or choose single sign-on)." });
