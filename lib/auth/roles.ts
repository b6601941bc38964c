// Team roles, ordered: each role can do everything the ones before it can.
export const ROLES = ["reviewer", "lead", "admin"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when `role` is at least `min` (reviewer < lead < admin). */
export function atLeast(role: Role, min: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(min);
}
