import Decimal from "decimal.js";

import type { FxConversion } from "./fx";
import { toMoneyString } from "./money";
import { iso } from "./products-common";
import type { OrderRow } from "../db/tables/orders";

/*
 * An order's figures and its deal row: what every order kind shares (services/trading.ts places and fills them;
 * docs/provider-api.md "Trading").
 */

/** A pending buy holds this much more than its price at placement, so a higher opening price is still covered. */
export const HOLD_MARGIN = new Decimal("0.10");
export const STATUS_NAMES = ["pending", "success", "cancelled", "expired"] as const;
export type StatusName = (typeof STATUS_NAMES)[number];

export const money = (v: Decimal.Value) => new Decimal(toMoneyString(v));

/**
 * An order's money in its own currency and in the wallet's. Each product is rounded once, half-up: the wallet
 * total is price × count × rate rounded, and the wallet fee is fee_rate × price × count × rate rounded – the fee
 * is taken on the converted amount, not converted from the rounded stock-currency fee. `feeRate` is the config's
 * fee_rate when the order is placed or filled.
 */
export function orderMoney(side: "buy" | "sell", price: Decimal, count: number, fx: FxConversion, feeRate: Decimal) {
  const feeOf = (notional: Decimal) => money(feeRate.times(notional));
  const notional = price.times(count);
  const walletNotional = notional.times(fx.rate);
  const net = (all: Decimal, fee: Decimal) => (side === "buy" ? all.plus(fee) : Decimal.max(all.minus(fee), 0));
  const priceAll = money(notional);
  const fee = feeOf(notional);
  const walletPriceAll = money(walletNotional);
  const walletFee = feeOf(walletNotional);
  return {
    price_all: priceAll.toFixed(2),
    fee: fee.toFixed(2),
    amount: net(priceAll, fee).toFixed(2),
    wallet_price_all: walletPriceAll.toFixed(2),
    wallet_fee: walletFee.toFixed(2),
    wallet_amount: net(walletPriceAll, walletFee).toFixed(2),
    fx_rate: fx.rate.toString(),
    fx_source: fx.source,
    fx_at: fx.at,
  };
}

/** A sell's figures: the fill price, its money and the profit against the lot's cost (before fees). */
export function sellFigures(
  costPrice: Decimal,
  sellPrice: Decimal,
  count: number,
  rate: FxConversion,
  feeRate: Decimal,
) {
  return {
    sell_price: sellPrice.toString(),
    ...orderMoney("sell", sellPrice, count, rate, feeRate),
    profit: money(sellPrice.minus(costPrice).times(count)).toFixed(2),
  };
}

/** What a bill says about the money: the stock-currency price and, when converted, the rate and its source. */
export function billReason(what: string, price: Decimal, fx: FxConversion, no: string, walletFee: string) {
  return fx.source === "same_currency"
    ? `${what} @ ${price} (order ${no}, fee ${walletFee})`
    : `${what} @ ${price} ${fx.currency} at ${fx.rate} ${fx.walletCurrency}/${fx.currency} (${fx.source}) (order ${no}, fee ${walletFee} ${fx.walletCurrency})`;
}

const priceOrNull = (v: string | null) => (v === null ? null : Number(v));

export function dealRow(o: OrderRow) {
  return {
    id: o.id,
    no: o.no,
    tag: o.tag,
    name: o.name,
    type: o.market,
    mold: o.mold,
    state: o.state,
    count: o.count,
    price: Number(o.price),
    sell_price: priceOrNull(o.sell_price),
    price_all: o.price_all,
    fee: o.fee,
    amount: o.amount,
    profit: o.profit,
    status: o.status,
    status_name: STATUS_NAMES[o.status],
    held: o.held,
    position_no: o.position_no,
    reason: o.reason,
    created_at: o.created_at.toISOString(),
    filled_at: iso(o.filled_at),
    expires_at: iso(o.expires_at),
    fx_rate: Number(o.fx_rate),
    fx_source: o.fx_source,
    fx_at: iso(o.fx_at ?? o.filled_at ?? o.created_at),
    wallet_price_all: o.wallet_price_all ?? o.price_all,
    wallet_fee: o.wallet_fee ?? o.fee,
    wallet_amount: o.wallet_amount ?? o.amount,
    order_type: o.order_type,
    limit_price: priceOrNull(o.limit_price),
    trigger_price: priceOrNull(o.trigger_price),
    validity: o.validity,
    triggered_at: iso(o.triggered_at),
    modified_at: iso(o.modified_at),
    closed_at: iso(o.closed_at),
  };
}
export type DealRow = ReturnType<typeof dealRow>;
