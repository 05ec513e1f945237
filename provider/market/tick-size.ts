import Decimal from "decimal.js";

import type { Instrument } from "./source";

/*
 * The price step a limit or trigger price must be a multiple of (docs/decisions/0361-tick-sizes.md): Indian
 * equities trade in steps of ₹0.05 (the NSE's and BSE's tick); every other instrument in one unit of its price
 * precision (a cent for US and Mexican stocks and futures, 0.00001 for most forex pairs, 0.001 for yields).
 * The simulator's quotes keep the instrument's precision, so a quote may sit between two ticks; only the prices a
 * customer names are held to the tick.
 */
const MARKET_TICK: Partial<Record<Instrument["market"], Decimal>> = { IN: new Decimal("0.05") };

export function tickSize(inst: Pick<Instrument, "market" | "precision">): Decimal {
  return MARKET_TICK[inst.market] ?? new Decimal(1).div(new Decimal(10).pow(inst.precision));
}

/** Whether `price` is a whole number of ticks. */
export const onTick = (price: Decimal, tick: Decimal) => price.mod(tick).isZero();
