// AES-256-GCM for secret answers. The stored value names its key, so keys can rotate; the
// additional data binds it to team, request and question, so a moved ciphertext fails to open.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { keyRing } from "./keys";

// GCM verifies as many tag bytes as it is given: without a fixed length, a tag cut to 4 bytes
// would be checked on those 4 alone (a 1 in 2^32 forgery). Seal and open with 16, nothing else.
const TAG_BYTES = 16;

export type SecretBinding = { teamId: string; requestId: string; questionId: string };

function aad(b: SecretBinding): Buffer {
  return Buffer.from(`${b.teamId}|${b.requestId}|${b.questionId}`, "utf8");
}

export function seal(plaintext: string, binding: SecretBinding): string {
  const ring = keyRing();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", ring.keys.get(ring.active)!, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(binding));
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const b64 = (b: Buffer) => b.toString("base64url");
  return ["v1", ring.active, b64(iv), b64(ct), b64(cipher.getAuthTag())].join(".");
}

export function sealedKeyId(sealed: string): string {
  return sealed.split(".")[1] ?? "";
}

export function open(sealed: string, binding: SecretBinding): string {
  const [version, keyId, iv, ct, tag] = sealed.split(".");
  const key = keyRing().keys.get(keyId ?? "");
  if (version !== "v1" || !key || !iv || ct === undefined || !tag) {
    throw new Error("sealed secret is malformed or its key is unknown");
  }
  const tagBytes = Buffer.from(tag, "base64url");
  if (tagBytes.length !== TAG_BYTES) throw new Error("sealed secret has a truncated authentication tag");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
  decipher.setAAD(aad(binding));
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}
