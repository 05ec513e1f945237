import type { Instrument, Quote } from "../market/source";

/** The stock row of the contract (SPEC §3 names, `prasent` included). */
export function stockRow(inst: Instrument, q: Quote) {
  return {
    id: inst.id,
    stock: inst.symbol,
    name: inst.name,
    market: inst.market,
    market_name: inst.marketName,
    exchange_name: inst.exchangeName,
    kind: inst.kind,
    category: inst.category,
    precision: inst.precision,
    prasent: q.price,
    close_prices: q.previousClose,
    percent_change: q.changePercent,
    change: q.change,
    high: q.high,
    low: q.low,
    open: q.open,
  };
}

export function quoteRow(q: Quote) {
  return {
    symbol: q.symbol,
    name: q.name,
    market: q.market,
    price: q.price,
    change: q.change,
    changePercent: q.changePercent,
    open: q.open,
    high: q.high,
    low: q.low,
    previousClose: q.previousClose,
    volume: q.volume,
  };
}
