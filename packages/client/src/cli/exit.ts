// The CLI's exit codes: one per outcome, so a script can branch on `$?` (README "Exit codes").
export const EXIT = {
  /** answered (ask, secret); `approve` exits with the approved command's own status */
  answered: 0,
  /** any other failure: the server answered with an unexpected error */
  error: 1,
  /** bad arguments or environment; nothing was asked */
  usage: 2,
  /** a reviewer rejected the request or denied the approval (or a policy did) */
  rejected: 3,
  /** nobody answered before the timeout */
  expired: 4,
  /** the request was withdrawn */
  cancelled: 5,
  /** the server could not be reached */
  unreachable: 6,
  /** the token was refused (401) or lacks the `ask` scope (403) */
  auth: 7,
  /** interrupted (Ctrl-C, SIGTERM): the request was withdrawn */
  interrupted: 130,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = "CliError";
  }
}
