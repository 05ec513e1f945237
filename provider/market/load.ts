import { SimulatedMarket } from "./simulator";
import type { Instrument } from "./source";
import type { DB } from "../db/database";
import { allInstruments } from "../db/repositories/instruments";

/** The instrument catalogue is static reference data: read once at start. */
export async function loadInstruments(db: DB): Promise<Instrument[]> {
  const rows = await allInstruments(db);
  return rows.map((r) => ({
    id: r.id,
    symbol: r.symbol,
    name: r.name,
    market: r.market,
    exchangeName: r.exchange_name,
    marketName: r.market_name,
    category: r.category,
    kind: r.kind,
    referencePrice: Number(r.reference_price),
    precision: r.precision,
  }));
}

export async function createSimulatedMarket(db: DB): Promise<SimulatedMarket> {
  return new SimulatedMarket(await loadInstruments(db));
}
