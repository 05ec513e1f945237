/**
 * Quantity rules of the product purchases, shared by the server (schemas, steps without JS) and the browser (live
 * hints, − / + with JS). No zod here: it ships to the browser. docs/product.md#block-trading, #ipo.
 */
import type { FormConstraint } from "~/forms/useZodForm";
import { ROUND_DOWN, money, toBig, type Decimal } from "~/utils/decimal";

/**
 * A quantity is written in decimal digits only: no sign, space, exponent, hex prefix or decimal point (the order
 * form's rule, docs/decisions/0100). Kept here rather than imported from the trading rules, whose module translates
 * with the `trade` namespace and would make every product screen load it.
 */
export const QUANTITY_DIGITS = /^[0-9]{1,9}$/;

/** A typed quantity as a number when it is written in decimal digits only, else null. */
export function readQuantity(value: unknown): number | null {
  return typeof value === "string" && QUANTITY_DIGITS.test(value) ? Number(value) : null;
}

/** A quantity step as the loader gives it (block buy, IPO apply). */
export interface QuantityStepData {
  /** The native constraints of the step's form and of its review's Confirm (the loader's `formConstraint`). */
  constraint: { review: FormConstraint; confirm: FormConstraint };
  /** The quantity field's starting value: from the URL, a no-JS − / + press, or the item's default. */
  quantity: string;
  /** A − / + press without JS that stopped at a bound: its message on the field. */
  stepNote: string | null;
}

/** Which bound a − / + press or a typed quantity broke. */
export type Bound = "min" | "max";

/** Quantity steps: block/QIP by 1 share, IPO by 100 (docs/product.md#ipo). */
export const BLOCK_STEP = 1;
export const IPO_STEP = 100;

/** How long a too-small block quantity stays typed before the hint speaks (docs/product.md#block-trading). */
export const BELOW_MINIMUM_HINT_MS = 3_000;

/**
 * One press of − or + on whatever the field holds, kept within `min..max` (`max` null: no upper bound). Pressing
 * past a bound stops at it and says which; an empty or unreadable field steps from `start`.
 */
export function stepWithin(
  typed: unknown,
  direction: "up" | "down",
  range: { min: number; max: number | null; step: number; start: number },
): { quantity: number; bound: Bound | null } {
  const current = readQuantity(typed) ?? range.start;
  const next = current + (direction === "up" ? range.step : -range.step);
  if (next < range.min) return { quantity: range.min, bound: "min" };
  if (range.max !== null && next > range.max) return { quantity: Math.max(range.min, range.max), bound: "max" };
  return { quantity: next, bound: null };
}

/** The bound a whole quantity breaks, if any (`max` null: none above). */
export function boundBroken(quantity: number, min: number, max: number | null): Bound | null {
  if (quantity < min) return "min";
  return max !== null && quantity > max ? "max" : null;
}

/**
 * The most shares a balance buys at a block price with its fee (docs/product.md#block-trading, #fees):
 * floor(balance / (price × rate × (1 + fee rate))), in exact decimals (docs/decisions/0085). `rate` converts the
 * offer's currency into the wallet's ("1" for an offer in the wallet's currency; docs/decisions/0300): the provider
 * charges price × quantity × rate and the fee on that, each rounded half-up to cents; a quantity whose rounded cost
 * would still pass the balance is one too many, so the result is checked against that cost too (docs/decisions/0136).
 */
export function blockMaximum(balance: string, price: string, feeRate: string, rate: string = "1"): number {
  const walletPrice = toBig(price).times(rate);
  const unit = walletPrice.times(toBig(1).plus(feeRate));
  const available = toBig(balance);
  if (unit.lte(0) || available.lte(0)) return 0;
  let quantity = Number(available.div(unit).round(0, ROUND_DOWN).toFixed(0));
  while (
    quantity > 0 &&
    (unit.times(quantity).gt(available) || roundedCost(walletPrice, quantity, feeRate).gt(available))
  )
    quantity -= 1;
  return quantity;
}

/**
 * The most shares of an IPO a balance holds (docs/product.md#ipo): an application holds issue price × quantity ×
 * rate, rounded once, with no fee (provider/services/ipo.ts), so this is the block maximum with a fee rate of 0:
 * floor(balance / (price × rate)), in exact decimals. `rate` converts the IPO's currency into the wallet's.
 */
export function ipoMaximum(balance: string, price: string, rate: string = "1"): number {
  return blockMaximum(balance, price, "0", rate);
}

/**
 * Where an IPO application's quantity starts (docs/product.md#ipo): the largest quantity on the IPO's step – the
 * maximum, or the minimum plus a whole number of steps of 100 – that the balance holds (`most`, from ipoMaximum);
 * the minimum when even that is more than the balance holds, or when what it holds is unknown (no balance or no
 * rate could be read: the smallest hold is the one least likely to be refused).
 */
export function ipoStartQuantity(range: { min: number; max: number }, most: number | null): number {
  if (most === null || most < range.min) return range.min;
  if (most >= range.max) return Math.max(range.min, range.max);
  return range.min + Math.floor((most - range.min) / IPO_STEP) * IPO_STEP;
}

/** price × quantity and the fee on that product, each rounded half-up to cents, added: what the provider debits. */
function roundedCost(price: Decimal, quantity: number, feeRate: string) {
  const notional = price.times(quantity);
  return toBig(money(notional)).plus(money(notional.times(feeRate)));
}
