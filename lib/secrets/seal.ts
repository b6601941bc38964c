// AES-256-GCM for secret answers. The stored value names its key, so keys can rotate; the
// additional data binds it to team, request and question, so a moved ciphertext fails to open.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { keyRing } from "./keys";

export type SecretBinding = { teamId: string; requestId: string; questionId: string };

function aad(b: SecretBinding): Buffer {
  return Buffer.from(`${b.teamId}|${b.requestId}|${b.questionId}`, "utf8");
}

export function seal(plaintext: string, binding: SecretBinding): string {
  const ring = keyRing();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", ring.keys.get(ring.active)!, iv);
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
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(aad(binding));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}
