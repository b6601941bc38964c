// A local stand-in for a browser's push service (RFC 8030). It makes subscriptions as a browser
// does (a P-256 key pair and a 16-byte auth secret), and checks every push it receives: POST with
// a TTL header, `Content-Encoding: aes128gcm`, and `Authorization: vapid t=<JWT>, k=<key>` (RFC
// 8292) whose ES256 signature verifies with k and whose audience is this origin; then it decrypts
// the body (RFC 8291 / RFC 8188) with the subscription's private key. Written from the RFCs, not
// with the sender's library. `respond(endpointId, status)` makes a subscription answer e.g. 410.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import { freePort } from "./server";

export type PushReceived = { id: string; at: number; headers: Record<string, string | string[] | undefined>; payload: string | null; problems: string[] };
export type BrowserSubscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

const b64u = (b: Buffer) => b.toString("base64url");

/** The VAPID header's checks (RFC 8292): JWT shape, claims, ES256 signature with k. */
function checkVapid(header: string | undefined, origin: string, problems: string[]): void {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!m) return void problems.push(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [h, c, s] = m[1]!.split(".");
  const head = JSON.parse(Buffer.from(h!, "base64url").toString()) as { typ?: string; alg?: string };
  const claims = JSON.parse(Buffer.from(c!, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (head.alg !== "ES256") problems.push(`JWT alg ${head.alg}`);
  if (claims.aud !== origin) problems.push(`JWT aud ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp <= now || claims.exp > now + 24 * 3600) problems.push(`JWT exp ${claims.exp} not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) problems.push(`JWT sub ${claims.sub}`);
  const k = Buffer.from(m[2]!, "base64url");
  if (k.length !== 65 || k[0] !== 4) return void problems.push("k is not an uncompressed P-256 point");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64u(k.subarray(1, 33)), y: b64u(k.subarray(33)) }, format: "jwk" });
  const ok = verify("sha256", Buffer.from(`${h}.${c}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s!, "base64url"));
  if (!ok) problems.push("JWT signature does not verify with k");
}

/** RFC 8291 decryption of one aes128gcm record with the user agent's keys. */
function decrypt(body: Buffer, ua: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }, problems: string[]): string | null {
  if (body.length < 21 + 65 + 17) return void problems.push("body too short for aes128gcm"), null;
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) problems.push(`keyid length ${idlen}, expected the 65-byte sender key`);
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (record.length > rs) problems.push("more than one record");
  const uaPublic = ua.ecdh.getPublicKey();
  const shared = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, ua.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  try {
    const d = createDecipheriv("aes-128-gcm", cek, nonce);
    d.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()]);
    const end = plain.lastIndexOf(2); // the last record's delimiter, then zero padding
    if (end === -1 || plain.subarray(end + 1).some((x) => x !== 0)) problems.push("no padding delimiter 0x02");
    return plain.subarray(0, end).toString("utf8");
  } catch {
    problems.push("the payload does not decrypt with the subscription's keys");
    return null;
  }
}

export type PushStandIn = {
  origin: string;
  received: PushReceived[];
  subscribe: () => BrowserSubscription;
  respond: (endpoint: string, status: number) => void;
  close: () => Promise<void>;
};

export async function startPushStandIn(): Promise<PushStandIn> {
  const received: PushReceived[] = [];
  const agents = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const statuses = new Map<string, number>();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = (req.url ?? "").replace(/^\/push\//, "");
      const problems: string[] = [];
      const ua = agents.get(id);
      if (req.method !== "POST") problems.push(`method ${req.method}`);
      if (!ua) problems.push(`unknown subscription ${id}`);
      if (!/^\d+$/.test(String(req.headers.ttl ?? ""))) problems.push(`TTL header ${req.headers.ttl}`);
      if (req.headers["content-encoding"] !== "aes128gcm") problems.push(`Content-Encoding ${req.headers["content-encoding"]}`);
      if (req.headers["content-type"] !== "application/octet-stream") problems.push(`Content-Type ${req.headers["content-type"]}`);
      checkVapid(req.headers.authorization, origin, problems);
      const payload = ua ? decrypt(Buffer.concat(chunks), ua, problems) : null;
      received.push({ id, at: Date.now(), headers: req.headers, payload, problems });
      const status = statuses.get(id) ?? 201;
      res.writeHead(status, status === 201 ? { location: `${origin}/message/${received.length}` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin,
    received,
    subscribe: () => {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(8).toString("hex");
      agents.set(id, { ecdh, auth });
      return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    respond: (endpoint, status) => statuses.set(endpoint.split("/").at(-1)!, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
