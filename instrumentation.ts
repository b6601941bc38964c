// Runs once per server process before it serves: configuration check, forwarded-header guard,
// event hub, expiry sweep, purge timer, SIGTERM; last, the front's routes (scripts/server.mjs
// starts listening once they are registered).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkConfigOrExit } = await import("./lib/config/check");
  const config = checkConfigOrExit();
  const { guardForwardedHeaders } = await import("./lib/api/client-address");
  guardForwardedHeaders(config.TRUST_PROXY);
  const { startBackground } = await import("./lib/background");
  await startBackground();
  const { registerFront } = await import("./lib/api/front");
  registerFront();
}
