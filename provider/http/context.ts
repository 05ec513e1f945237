import type { Context } from "hono";
import { z } from "zod";
import type { DB } from "../db/database";
import type { Deployment } from "../config";
import { invalidInput } from "../errors";
import type { MarketSource } from "../market/source";
import type { Notifier } from "../notifier";
import type { Accounts, AuthContext } from "../services/accounts";
import type { Catalog } from "../services/market";
import type { News } from "../services/news";
import type { Trading } from "../services/trading";
import type { Watchlist } from "../services/watchlist";

export interface Services {
  /** Only for routes not yet behind a service (wallet, operator); new routes call services. */
  db: DB;
  market: MarketSource;
  notifier: Notifier;
  now: () => Date;
  accounts: Accounts;
  trading: Trading;
  catalog: Catalog;
  watchlist: Watchlist;
  news: News;
  deployment: Deployment;
  operatorKey: string;
}

export type Env = { Variables: { auth: AuthContext } };

export const ok = <T>(c: Context, data: T) => c.json({ msg: "ok" as const, data });

/** Reads a JSON body and validates it; malformed JSON or a schema failure is `invalid_input` (+ field). */
export async function readBody<S extends z.ZodTypeAny>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  const text = await c.req.text();
  try {
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw invalidInput(undefined, "body is not valid JSON");
  }
  return validate(schema, raw);
}

export function readQuery<S extends z.ZodTypeAny>(c: Context, schema: S): z.infer<S> {
  return validate(schema, c.req.query());
}

function validate<S extends z.ZodTypeAny>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.length ? String(issue.path[0]) : undefined;
    throw invalidInput(field, issue?.message);
  }
  return result.data;
}

/** Query helpers: numbers arrive as strings. */
export const pageParam = z.coerce.number().int().min(1).max(100_000).default(1);
export const limitParam = (max = 100, fallback = 10) => z.coerce.number().int().min(1).max(max).default(fallback);
