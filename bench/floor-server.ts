// The plain node:http floor for `npm run bench`: constant JSON, nothing else. Usage: floor-server.ts <port>
import { createServer } from "node:http";

const port = Number(process.argv[2] || 0);
const body = JSON.stringify({ ok: true });

const server = createServer((req, res) => {
  // Drain the body like a real handler would, then answer.
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1");
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
