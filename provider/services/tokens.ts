import { createHash, randomBytes, randomInt } from "node:crypto";

/** 32 random bytes, base64url: what the client holds. Only its sha256 is stored. */
export const newToken = (): string => randomBytes(32).toString("base64url");

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** A token is 43 base64url characters; anything else cannot be one of ours. */
export const looksLikeToken = (text: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(text);

/** 6 digits, uniformly random. */
export const newOneTimeCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** Bound to the code's row so equal codes hash differently. */
export const hashOneTimeCode = (phone: string, code: string, salt: string): string =>
  sha256(`${salt}:${phone}:${code}`);
