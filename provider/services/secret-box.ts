import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/*
 * Secrets at rest (docs/decisions/0270): AES-256-GCM with the server's two-factor key (TWO_FACTOR_KEY, or the key file
 * made at first start, provider/two-factor-key.ts). A sealed value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url
 * parts; the key id = 8 hex digits of the key's sha256, to say which key is needed, never the key). `context` is bound
 * as additional data (e.g. the customer's id), so a sealed value copied to another row does not open.
 */

export const TWO_FACTOR_KEY_BYTES = 32;

export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

export const keyId = (key: Buffer): string => createHash("sha256").update(key).digest("hex").slice(0, 8);

/** The id of the key `sealed` was sealed with (its second part), or undefined for a value that is not sealed. */
export const sealedKeyId = (sealed: string): string | undefined => {
  const [version, id] = sealed.split(".");
  return version === "v1" ? id : undefined;
};

export function sealSecret(key: Buffer, plain: string, context: string): string {
  if (key.length !== TWO_FACTOR_KEY_BYTES) throw new SecretBoxError("the key must be 32 bytes");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
  return ["v1", keyId(key), ...parts].join(".");
}

/** The plain text, or SecretBoxError: another key, another context, or a value altered. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, id, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || body === undefined) throw new SecretBoxError("not a sealed value");
  if (id !== keyId(key)) throw new SecretBoxError(`sealed with key ${id}, not with the configured key ${keyId(key)}`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("the sealed value does not open with this key and context");
  }
}
