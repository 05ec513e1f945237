/**
 * What every cookie the app sets shares (docs/product.md#security): the secrets that seal or sign them and
 * whether they are `Secure`. Read once; the session (`session.server.ts`), toast (`toast.server.ts`), locale and
 * other cookies take them from here.
 */
const DEV_SECRET = "dev-only-insecure-session-secret";

let secrets: string[] | undefined;

/**
 * SESSION_SECRET as a list: the first one seals/signs, all are accepted, so a comma list rotates secrets
 * (docs/decisions/0096-encrypted-session-and-lifetimes.md). Refuses to run without one in production.
 */
export function cookieSecrets(): string[] {
  if (secrets) return secrets;
  const list = (process.env.SESSION_SECRET ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (list.length === 0) {
    if (process.env.NODE_ENV === "production") {
      throw new Error("SESSION_SECRET must be set in production; refusing to start.");
    }
    console.warn(
      "\n⚠️  SESSION_SECRET is not set: using an insecure development secret. Never run like this in production.\n",
    );
    list.push(DEV_SECRET);
  }
  secrets = list;
  return list;
}

/** Secure cookies in production; `COOKIE_SECURE=false` allows a plain-http deployment (e.g. an intranet demo). */
export function secureCookies(): boolean {
  const flag = process.env.COOKIE_SECURE;
  if (flag === "true" || flag === "false") return flag === "true";
  return process.env.NODE_ENV === "production";
}
