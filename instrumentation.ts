// Runs once per server process before it serves: event hub, expiry sweep, purge timer, SIGTERM.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startBackground } = await import("./lib/background");
  await startBackground();
}
