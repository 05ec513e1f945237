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

export const requireAuth = (s: Services) =>
  createMiddleware<Env>(async (c, next) => {
    c.set("auth", await s.accounts.authenticate(tokenFrom(c.req)));
    await next();
  });
