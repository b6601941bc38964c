// The settings page's token rows; the logic lives in lib/teams/tokens.ts.
export type { TokenRow } from "../teams/tokens";
