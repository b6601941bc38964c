// Request bodies of the settings routes (one zod schema per shape; the UI posts exactly these).
import { z } from "zod";
import { ROLES } from "../auth/roles";
import { SCOPES } from "../auth/tokens";

export const PolicySchema = z.enum(["allow", "deny"]);
export const RoleSchema = z.enum(ROLES);

export const CreateTokenBody = z.object({
  name: z.string().trim().min(1, "Name the token.").max(100),
  scopes: z.array(z.enum(SCOPES)).min(1, "Pick at least one scope.").transform((s) => [...new Set(s)]),
  policy: PolicySchema.default("allow"),
});

export const AddMemberBody = z.object({
  email: z.string().trim().regex(/^[^\s@]+@[^\s@]+$/, "Enter a valid email address.").max(254),
  role: RoleSchema,
  name: z.string().trim().max(100).optional(),
  password: z.string().min(10, "Use at least 10 characters.").max(1024).optional(),
});

export const ChangeRoleBody = z.object({ role: RoleSchema });
export const TeamPolicyBody = z.object({ policy: PolicySchema });
/** null: the server's DEFAULT_EXPIRES_SECONDS; 0: no expiry; else 10 s – 7 days, as timeoutSeconds. */
export const DefaultExpiryBody = z.object({
  seconds: z.union([z.literal(0), z.number().int().min(10, "At least 10 seconds (or 0 for none).").max(604_800, "At most 7 days.")]).nullable(),
});
export const CreateTeamBody = z.object({
  slug: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "Lower-case letters, digits and dashes; at most 40."),
  name: z.string().trim().max(100).optional(),
});
export const EmptyBody = z.object({}).strict();
