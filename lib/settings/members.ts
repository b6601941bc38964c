// The settings page's member rows; the logic lives in lib/teams/members.ts.
export type { MemberRow } from "../teams/members";
