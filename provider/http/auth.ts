import { createMiddleware } from "hono/factory";

import type { Env, Services } from "./context";

/** Token from `token: <t>` or `Authorization: Bearer <t>`; failures become HTTP 400 `{ msg: "logout" }`. */
export function tokenFrom(headers: { header(name: string): string | undefined }): string | undefined {
  const direct = headers.header("token")?.trim();
  if (direct) return direct;
  const authorization = headers.header("authorization")?.trim();
  const match = authorization && /^Bearer\s+(\S+)$/i.exec(authorization);
  return match ? match[1] : undefined;
}

/**
 * Who is signed in. A GET (or HEAD) may be answered from the token cache; any other method changes something
 * (money above all), so its token is checked against the database (docs/decisions/0183-cache-changes-between-instances.md).
 */
export const requireAuth = (s: Services) =>
  createMiddleware<Env>(async (c, next) => {
    const reads = c.req.method === "GET" || c.req.method === "HEAD";
    c.set("auth", await s.accounts.authenticate(tokenFrom(c.req), { fresh: !reads }));
    await next();
  });
