/**
 * What an order or a purchase costs: total, fee and net, computed exactly the way the provider computes them (each
 * product rounded once, half-up, to 2 places; docs/decisions/0085-app-money-is-exact.md). Shared by the buy/sell
 * review and the block/QIP purchase (features do not import each other).
 */
import { money, toBig } from "./decimal";

type Side = "buy" | "sell";

export interface OrderEstimate {
  /** price × quantity, 2 decimals. */
  total: string;
  /** fee rate × price × quantity, 2 decimals (docs/product.md#fees). */
  fee: string;
  /** What the order costs (buy: total + fee) or brings in (sell: total − fee, never below 0). */
  net: string;
  /** Sell only: (price − cost price) × quantity, before fees; null for a buy. */
  profit: string | null;
}

/** Prices and the fee rate arrive as JSON numbers or decimal strings and never pass through float arithmetic. */
export function orderEstimate(input: {
  side: Side;
  price: number | string;
  quantity: number;
  feeRate: number | string;
  costPrice?: number | string | null;
}): OrderEstimate {
  const notional = toBig(input.price).times(input.quantity);
  const total = toBig(money(notional));
  const fee = toBig(money(toBig(input.feeRate).times(notional)));
  const net = input.side === "buy" ? total.plus(fee) : total.minus(fee).lt(0) ? toBig(0) : total.minus(fee);
  const profit =
    input.side === "sell" && input.costPrice !== undefined && input.costPrice !== null
      ? money(toBig(input.price).minus(input.costPrice).times(input.quantity))
      : null;
  return { total: money(total), fee: money(fee), net: money(net), profit };
}

/**
 * The same estimate in the wallet's currency at `rate` (wallet units per unit of the stock's currency), computed
 * as the provider converts an order (docs/decisions/0145): price × quantity × rate and the fee on that amount,
 * each rounded once. price × rate is exact, so this is the estimate of a price already in wallet units.
 */
export function walletEstimate(input: {
  side: Side;
  price: number | string;
  quantity: number;
  feeRate: number | string;
  rate: number | string;
}): OrderEstimate {
  return orderEstimate({
    side: input.side,
    price: toBig(input.price).times(input.rate).toString(),
    quantity: input.quantity,
    feeRate: input.feeRate,
  });
}
