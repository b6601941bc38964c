// Runs once per server process before it serves: configuration check, event hub, expiry sweep,
// purge timer, SIGTERM; last, the front's routes (scripts/server.mjs starts listening once they
// are registered). NEXT_RUNTIME is replaced at build time, per bundle.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkConfigOrExit } = await import("./lib/config/check");
  checkConfigOrExit();
  const { startBackground } = await import("./lib/background");
  await startBackground();
  const { registerFront } = await import("./lib/api/front");
  registerFront();
}
