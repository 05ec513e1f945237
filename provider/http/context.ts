import type { IncomingMessage } from "node:http";

import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { z } from "zod";

import type { Deployment } from "../config";
import { invalidInput, ProviderError } from "../errors";
import type { Accounts, AuthContext } from "../services/accounts";
import { normaliseAddress, normaliseDeviceId } from "../services/attempt-limiter";
import type { BankCards } from "../services/bank-cards";
import type { BlockTrades } from "../services/block-trades";
import type { Chat } from "../services/chat";
import type { CustomerSettings } from "../services/customer-settings";
import { normaliseUserAgent, type Devices } from "../services/devices";
import type { FundProducts } from "../services/fund-products";
import type { Funds } from "../services/funds";
import type { HealthProbe } from "../services/health";
import type { Ipos } from "../services/ipo";
import type { Kyc } from "../services/kyc";
import type { Loans } from "../services/loans";
import type { Catalog } from "../services/market";
import type { News } from "../services/news";
import type { NewsDesk } from "../services/news-desk";
import type { OperatorTools } from "../services/operator-tools";
import type { Portfolio } from "../services/portfolio";
import type { PriceAlerts } from "../services/price-alerts";
import type { PricePaths } from "../services/price-paths";
import type { Security } from "../services/security";
import type { Statements } from "../services/statements";
import type { Trading } from "../services/trading";
import type { SecondFactor, TwoFactorService } from "../services/two-factor";
import type { Uploads } from "../services/uploads";
import type { Wallet } from "../services/wallet";
import type { Watchlist } from "../services/watchlist";

/**
 * What every route module receives: each service, built once by createServices (provider/app.ts) from explicit deps,
 * and the two settings routes read. No database handle: routes call services, services call repositories with
 * `db | trx` (docs/decisions/0220-services-built-once-in-one-place.md; provider/tests/layers.test.ts checks it).
 */
export interface Services {
  deployment: Deployment;
  /** No key: the operator API is closed (provider/operator-key.ts). */
  operatorKey?: string;
  accounts: Accounts;
  security: Security;
  trading: Trading;
  /** Profit and loss, lots first in first out (docs/product.md#profit-and-loss). */
  portfolio: Portfolio;
  /** Statements and the tax report (docs/product.md#statements). */
  statements: Statements;
  catalog: Catalog;
  watchlist: Watchlist;
  news: News;
  wallet: Wallet;
  /** The customer's own settings (services/customer-settings.ts, docs/decisions/0500). */
  customerSettings: CustomerSettings;
  funds: Funds;
  bankCards: BankCards;
  loans: Loans;
  kyc: Kyc;
  uploads: Uploads;
  /** Products (docs/product.md#block-trading, #ipo, #funds, #news, #support; decisions 0130-0134). */
  blockTrades: BlockTrades;
  ipos: Ipos;
  fundProducts: FundProducts;
  chat: Chat;
  newsDesk: NewsDesk;
  operatorTools: OperatorTools;
  health: HealthProbe;
  /** Price alerts and the operator's price paths (docs/decisions/0362, 0363). */
  priceAlerts: PriceAlerts;
  pricePaths: PricePaths;
  /** Two-factor sign-in and the devices list (docs/decisions/0270-0272). */
  twoFactor: TwoFactorService;
  devices: Devices;
}

/**
 * What the server hands each request beside it: `fromApp` when it comes from the app (the embedded provider's
 * in-process calls, or an HTTP call carrying PROVIDER_APP_KEY, see provider/main.ts); `incoming` is Node's request
 * when served over a socket by @hono/node-server.
 */
export interface ProviderBindings {
  fromApp?: boolean;
  incoming?: IncomingMessage;
  /**
   * Only from the embedded provider's in-process call (provider/embedded.ts `callInProcess`): an ok reply's envelope
   * is handed back here as its JSON text beside an empty Response, so the app reads no response body
   * (docs/decisions/0295-in-process-provider-replies.md).
   */
  reply?: InProcessReply;
}

/** The slot `ok` fills for an in-process caller: the envelope's JSON text and the Response it stands for. */
export interface InProcessReply {
  json?: string;
  response?: Response;
}

export type Env = { Bindings: ProviderBindings; Variables: { auth: AuthContext } };

export const ok = <T>(c: Context, data: T) => {
  const reply = (c.env as ProviderBindings | undefined)?.reply;
  if (!reply) return c.json({ msg: "ok" as const, data });
  // The same JSON text the HTTP reply would carry, without a body stream to write and read back (decision 0295).
  reply.json = JSON.stringify({ msg: "ok", data });
  reply.response = c.body(null);
  return reply.response as ReturnType<typeof c.json<{ msg: "ok"; data: T }>>;
};

/**
 * Whether the request comes from the app: only then are the headers the app sets about its customer (`x-client-ip`)
 * believed (docs/decisions/0181-client-address-from-the-app.md).
 */
export const fromApp = (c: Context): boolean => (c.env as ProviderBindings | undefined)?.fromApp === true;

/**
 * The customer's address: what the app forwards in `x-client-ip` when the request comes from the app, else the
 * connecting socket's address (never a header anyone else sent). Not an IPv4/IPv6 address, or absent: "unknown", one
 * shared bucket for the attempt limiter (docs/decisions/0060).
 */
export function clientAddress(c: Context): string {
  if (fromApp(c)) return normaliseAddress(c.req.header("x-client-ip"));
  const socket = (c.env as ProviderBindings | undefined)?.incoming ? getConnInfo(c).remote.address : undefined;
  return normaliseAddress(socket?.replace(/^::ffff:(?=\d+\.)/, ""));
}

/**
 * The customer's device: the id of the app's `__device` cookie, which the app forwards in `x-device-id`
 * (docs/decisions/0184-known-devices.md). Believed only from the app, like `x-client-ip`; anything that is not such an
 * id, or absent: no device.
 */
export const clientDevice = (c: Context): string | undefined =>
  fromApp(c) ? normaliseDeviceId(c.req.header("x-device-id")) : undefined;

/**
 * The customer's browser: the `User-Agent` the app forwards in `x-client-user-agent` (believed only from the app, like
 * `x-client-ip`); any other caller is described by its own `user-agent` (docs/decisions/0272).
 */
export const clientUserAgent = (c: Context): string | null =>
  normaliseUserAgent(fromApp(c) ? c.req.header("x-client-user-agent") : c.req.header("user-agent"));

/** The second factor a money request brings (field `code`) with who and where from (docs/decisions/0271). */
export const secondFactor = (c: Context<Env>, code: string | undefined): SecondFactor => ({
  user: c.get("auth").user,
  code,
  address: clientAddress(c),
  device: clientDevice(c),
});

/** The largest JSON body a route reads (the app's bodyLimit middleware uses the same figure). */
export const MAX_BODY_BYTES = 64 * 1024;

/** HTTP 413, the same reply as the app's bodyLimit middleware. */
const bodyTooLarge = () => new ProviderError("invalid_input", "body too large", undefined, 413);

/**
 * The body as text, never more than `max` bytes: a larger declared length is refused before reading, and a body
 * without one (chunked) is read only up to the limit. So the limit holds even on a route outside the middleware.
 */
async function readText(c: Context, max = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > max) throw bodyTooLarge();
  const body = c.req.raw.body;
  if (!body) return "";
  if (c.req.raw.bodyUsed) {
    // Already read by someone else (Hono keeps a copy): check what it holds.
    const text = await c.req.text();
    if (Buffer.byteLength(text) > max) throw bodyTooLarge();
    return text;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Reads a JSON body (at most MAX_BODY_BYTES) and validates it; malformed JSON, a body that is not what the schema
 * wants (an array, `null`, a number), a NUL character anywhere or a schema failure is `invalid_input` (+ field).
 */
export async function readBody<S extends z.ZodTypeAny>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  const text = await readText(c);
  try {
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw invalidInput(undefined, "body is not valid JSON");
  }
  rejectNul(raw);
  return validate(schema, raw);
}

/** Reads the query string (every parameter, not only the schema's, is checked for NUL) and validates it. */
export function readQuery<S extends z.ZodTypeAny>(c: Context, schema: S): z.infer<S> {
  const raw = c.req.query();
  rejectNul(raw);
  return validate(schema, raw);
}

/**
 * PostgreSQL text cannot hold U+0000: a string carrying one fails in the database (a 500 on PostgreSQL). Any string
 * (or object key) with one, at any depth, is `invalid_input` on the top-level field that holds it. Iterative, so a
 * deeply nested body cannot overflow the stack.
 */
function rejectNul(raw: unknown): void {
  const stack: Array<[unknown, string | undefined]> = [[raw, undefined]];
  while (stack.length > 0) {
    const [value, field] = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) throw invalidInput(field, "text must not contain NUL (U+0000) characters");
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push([item, field]);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\u0000")) throw invalidInput(field, "text must not contain NUL (U+0000) characters");
        stack.push([item, field ?? key]);
      }
    }
  }
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

/** At most this many digits in a quantity or a query number (leading zeros included): no absurd lengths. */
const MAX_DIGITS = 15;
const DIGITS = new RegExp(`^[0-9]{1,${MAX_DIGITS}}$`);

/**
 * A positive whole number: a JSON integer (`Number.isSafeInteger`, > 0) or a string of ASCII decimal digits ("5",
 * "007"). Nothing JavaScript would coerce: `true`, `[5]`, "1e3", "0x10", " 5", "5.0", "" and `null` are refused.
 * See docs/decisions/0061-quantity-and-money-input.md.
 */
export function parseWholeNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== "string" || !DIGITS.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

const wholeNumber = (min: number, max: number, what: string) =>
  z.any().transform((value: unknown, ctx): number => {
    const n = parseWholeNumber(value);
    if (n === undefined || n < min || n > max) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `${what}: a whole number from ${min} to ${max}, in digits`,
      });
      return z.NEVER;
    }
    return n;
  });

/** A quantity in a body (`count`): 1..max, required unless wrapped in `.optional()` (absent only, never null or ""). */
export const quantityParam = (max = 100_000) => wholeNumber(1, max, "quantity");

/** Query numbers arrive as strings and follow the same digits-only rule. */
const queryNumber = (min: number, max: number, fallback: number, what: string) =>
  wholeNumber(min, max, what)
    .optional()
    .transform((n) => n ?? fallback);
export const pageParam = queryNumber(1, 100_000, 1, "page");
export const limitParam = (max = 100, fallback = 10) => queryNumber(1, max, fallback, "limit");
/** A row id in a query (`?id=`): 1..2^31−1. */
export const idParam = wholeNumber(1, 2_147_483_647, "id");
