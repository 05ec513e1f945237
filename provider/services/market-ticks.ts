import type { PriceAlerts } from "./price-alerts";
import type { PricePaths } from "./price-paths";
import type { TickOutcome, Trading } from "./trading";

/*
 * The provider's tick loop (docs/decisions/0362): every TICK_MS each provider reads the operator's price paths, then
 * judges the open limit, stop and stop-limit orders and the active price alerts at the prices of that instant. Every
 * provider on a database runs it; each order and alert changes once (services/trading.ts, price-alerts.ts). A
 * condition met while no provider ran is judged at the first tick after one starts, at that tick's price.
 */

export const TICK_MS = 1_000;

export interface MarketTicksDeps {
  trading: Trading;
  priceAlerts: PriceAlerts;
  pricePaths: PricePaths;
  now: () => Date;
}

export interface Tick {
  at: Date;
  orders: TickOutcome;
  alerts: number;
}

export function createMarketTicks(deps: MarketTicksDeps) {
  /**
   * One tick at the clock's now. Orders and alerts are judged with the prices as they were at its start (a snapshot of
   * the market): a path the operator sets meanwhile starts after this instant, and counts from the next tick.
   */
  async function run(): Promise<Tick> {
    await deps.pricePaths.refresh();
    const prices = deps.pricePaths.snapshot();
    const at = deps.now();
    const orders = await deps.trading.tick(at, prices);
    const alerts = await deps.priceAlerts.tick(at, prices);
    return { at, orders, alerts };
  }
  return { run };
}

export type MarketTicks = ReturnType<typeof createMarketTicks>;
