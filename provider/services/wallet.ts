import Decimal from "decimal.js";

import { configValues, type ConfigSource } from "./config-cache";
import { customerSettings } from "./customer-settings";
import { CONFIG_DEFAULTS, CONFIG_TAGS, type ConfigTag } from "../db/config-defaults";
import type { DB, Executor } from "../db/database";
import { listBills } from "../db/repositories/bills";
import { upsertConfigValue } from "../db/repositories/config";
import type { Bill, BillKind, BillType } from "../db/tables/bills";
import type { User } from "../db/tables/users";
import { ProviderError } from "../errors";

/** Wallet money that is the customer's but not available: what holds it (docs/product.md#wallet). */
export interface Holds {
  /** Cash held by pending buy orders. */
  orders: string;
  /** Pending IPO applications. */
  ipo: string;
  /** Active fund investments (their amount, until maturity or cancel). */
  funds: string;
  /** Withdrawals in progress. */
  withdrawals: string;
}

const NO_HOLDS: Holds = { orders: "0.00", ipo: "0.00", funds: "0.00", withdrawals: "0.00" };

/**
 * `total` = money + `held` (the sum of `holds`) + market value of positions (docs/provider-api.md, Wallet;
 * docs/product.md#wallet).
 */
export function userInfo(
  user: User,
  totals?: { money: string; held: string; holds: Holds; market_value: string; total: string },
) {
  const money = totals?.money ?? user.money;
  return {
    user: user.phone,
    no: user.no,
    img: user.img,
    total: totals?.total ?? money,
    money,
    loan: user.loan,
    /** The customer's own settings, every one of the registry, null when not set (docs/decisions/0500). */
    settings: customerSettings(user),
    market_value: totals?.market_value ?? "0.00",
    held: totals?.held ?? "0.00",
    holds: totals?.holds ?? NO_HOLDS,
  };
}

/** A bill as the contract sends it: in the bill list and, a page at a time, in the account statement. */
export function billRow(
  b: Pick<Bill, "id" | "type" | "amount" | "balance" | "reason" | "kind" | "ref_type" | "ref_id" | "created_at">,
) {
  return {
    id: b.id,
    type: b.type,
    amount: b.amount,
    balance: b.balance,
    reason: b.reason,
    kind: b.kind,
    ref_type: b.ref_type,
    ref_id: b.ref_id,
    created_at: b.created_at.toISOString(),
  };
}

async function billPage(
  db: DB,
  userId: number,
  q: { type: "all" | BillType; kind?: BillKind; page: number; limit: number },
) {
  const { rows, count } = await listBills(db, userId, {
    type: q.type === "all" ? undefined : q.type,
    kind: q.kind,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  return { rows: rows.map(billRow), count };
}

// ---- config ------------------------------------------------------------------------------------------------

const NON_NEGATIVE_DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;

/** GET /v2/config: every tag, in the documented order, with the operator's values (kept in memory: config-cache.ts). */
async function listConfig(of: ConfigSource): Promise<{ tag: string; value: string }[]> {
  const values = await configValues(of.db, of);
  return CONFIG_DEFAULTS.map((d) => ({ tag: d.tag, value: values.get(d.tag)! }));
}

/** A numeric config value (the stored one, else the default); `ex` reads the table when it is not in memory. */
export async function configDecimal(ex: Executor, tag: ConfigTag, of: ConfigSource): Promise<Decimal> {
  return new Decimal((await configValues(ex, of)).get(tag)!);
}

/** Operator: set a known tag to a non-negative decimal (e.g. "100", "0.0003"); this process's config cache drops it at once. */
async function setConfig(db: DB, input: { tag: string; value: string }, now: Date) {
  const tag = input.tag.trim();
  if (!CONFIG_TAGS.includes(tag as ConfigTag))
    throw new ProviderError("not_found", `unknown config tag (known: ${CONFIG_TAGS.join(", ")})`, "tag");
  const value = input.value.trim();
  if (!NON_NEGATIVE_DECIMAL.test(value))
    throw new ProviderError("invalid_input", "a non-negative number such as 100 or 0.0003", "value");
  const normalised = new Decimal(value).toString();
  await upsertConfigValue(db, tag, normalised, now);
  return { tag, value: normalised };
}

export const SUPPORT_URL = "/customer-service";

/** The wallet's reads that are not a product of their own: the bill list and the operator's config tags. */
export function createWallet(deps: ConfigSource) {
  return {
    bills: (userId: number, q: Parameters<typeof billPage>[2]) => billPage(deps.db, userId, q),
    config: () => listConfig(deps),
    setConfig: (input: { tag: string; value: string }) => setConfig(deps.db, input, deps.now()),
  };
}
export type Wallet = ReturnType<typeof createWallet>;
