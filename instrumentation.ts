// Runs once per server process before it serves: configuration check, event hub, expiry sweep,
// purge timer, SIGTERM.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkConfigOrExit } = await import("./lib/config/check");
  checkConfigOrExit();
  const { startBackground } = await import("./lib/background");
  await startBackground();
}
