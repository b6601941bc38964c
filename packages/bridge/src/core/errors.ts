/** A failure the user can act on: the CLI prints its message alone and exits non-zero. */
export class BridgeError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = "BridgeError";
  }
}
