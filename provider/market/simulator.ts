import type { Candle, HistoryPeriod, Instrument, ListQuery, MarketSource, Quote } from "./source";
import { MARKET_UTC_OFFSET_MINUTES } from "./universe";
import type { MarketCode } from "../db/tables/instruments";

/*
 * Price = reference × exp(deviation(instrument, t)), where deviation is a bounded sum of seeded sine waves,
 * smooth value noise at several time scales and a small per-day opening gap. Nothing depends on state or on
 * when it is called, so every process, test and restart computes the same price for the same instant.
 * See docs/decisions/0011-market-simulator.md.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const HISTORY_LENGTH = { "1d": 130, "1wk": 104, "1mo": 60 } as const;

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Deterministic hash of (seed, salt, integer k) to [0, 1). k may exceed 2^32. */
function hash01(seed: number, salt: number, k: number): number {
  const lo = k >>> 0;
  const hi = Math.floor(k / 4294967296) >>> 0;
  let h = seed ^ Math.imul(salt + 1, 0x9e3779b1);
  h = Math.imul(h ^ lo, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h ^ hi, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x27d4eb2d);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

function valueNoise(seed: number, salt: number, t: number, scale: number): number {
  const x = t / scale;
  const k = Math.floor(x);
  const f = x - k;
  const s = f * f * (3 - 2 * f);
  const a = hash01(seed, salt, k) * 2 - 1;
  const b = hash01(seed, salt, k + 1) * 2 - 1;
  return a + (b - a) * s;
}

const KIND_VOLATILITY = { stock: 1, index: 0.55, forex: 0.22, future: 0.85, bond: 0.7 } as const;
const WAVES = [
  { period: 173 * DAY, amp: 0.07 },
  { period: 41 * DAY, amp: 0.04 },
  { period: 9.3 * DAY, amp: 0.02 },
];
const NOISES = [
  { scale: 3 * DAY, amp: 0.035 },
  { scale: 7 * HOUR, amp: 0.014 },
  { scale: 47 * MINUTE, amp: 0.006 },
  { scale: 6 * MINUTE, amp: 0.0028 },
  { scale: MINUTE, amp: 0.0011 },
];
const GAP_AMP = 0.006;
/** Largest possible |deviation| for volatility 1.3: the price stays within reference × e^(±0.27). */
export const MAX_DEVIATION =
  1.3 * (WAVES.reduce((s, w) => s + w.amp, 0) + NOISES.reduce((s, n) => s + n.amp, 0) + GAP_AMP);

interface DayMinutes {
  candles: Candle[];
  /** Running maximum / minimum / sum over candles[0..i]. */
  high: number[];
  low: number[];
  volume: number[];
}

interface Model {
  inst: Instrument;
  seed: number;
  vol: number;
  phases: number[];
  offsetMs: number;
  baseDailyVolume: number;
}

/** `value` rounded to `precision` decimals (an instrument's price precision). */
export function round(value: number, precision: number): number {
  const f = 10 ** precision;
  return Math.round(value * f) / f;
}

export interface SimulatorOptions {
  /** Cap on cached candles (pure values, so the cache is only about speed). */
  cacheSize?: number;
}

export class SimulatedMarket implements MarketSource {
  readonly #models = new Map<string, Model>();
  readonly #ordered: Model[];
  readonly #cache = new Map<string, Candle>();
  readonly #cacheSize: number;
  readonly #days = new Map<string, DayMinutes>();

  constructor(instruments: Instrument[], options: SimulatorOptions = {}) {
    this.#cacheSize = options.cacheSize ?? 250_000;
    this.#ordered = instruments.map((inst) => {
      const seed = fnv1a(inst.symbol);
      const model: Model = {
        inst,
        seed,
        vol: KIND_VOLATILITY[inst.kind] * (0.7 + 0.6 * hash01(seed, 1, 0)),
        phases: WAVES.map((_, i) => hash01(seed, 10 + i, 0) * 2 * Math.PI),
        offsetMs: MARKET_UTC_OFFSET_MINUTES[inst.market] * MINUTE,
        baseDailyVolume: baseVolume(inst, seed),
      };
      this.#models.set(inst.symbol.toUpperCase(), model);
      return model;
    });
  }

  find(symbol: string): Instrument | undefined {
    return this.#models.get(symbol.trim().toUpperCase())?.inst;
  }

  list(query: ListQuery): { rows: Instrument[]; count: number } {
    const needle = query.search?.trim().toLowerCase();
    const matches = this.#ordered
      .map((m) => m.inst)
      .filter(
        (i) =>
          query.markets.includes(i.market) &&
          (query.includeIndices || i.kind !== "index") &&
          (!needle || i.symbol.toLowerCase().includes(needle) || i.name.toLowerCase().includes(needle)),
      );
    return { rows: matches.slice(query.offset, query.offset + query.limit), count: matches.length };
  }

  indices(market: MarketCode): Instrument[] {
    return this.#ordered.filter((m) => m.inst.market === market && m.inst.kind === "index").map((m) => m.inst);
  }

  /** Unrounded price at epoch ms `t`. */
  rawPrice(symbol: string, t: number): number {
    const m = this.#models.get(symbol.toUpperCase());
    if (!m) throw new Error(`unknown instrument ${symbol}`);
    return this.#price(m, t);
  }

  quote(symbol: string, at: Date): Quote | undefined {
    const m = this.#models.get(symbol.trim().toUpperCase());
    return m ? this.#quote(m, at.getTime()) : undefined;
  }

  quotes(symbols: string[], at: Date): Quote[] {
    return symbols.flatMap((symbol) => this.quote(symbol, at) ?? []);
  }

  history(symbol: string, period: HistoryPeriod, at: Date): Candle[] | undefined {
    const m = this.#models.get(symbol.trim().toUpperCase());
    if (!m) return undefined;
    const t = at.getTime();
    const p = m.inst.precision;
    const rounded = (c: Candle): Candle => ({
      timestamp: c.timestamp,
      open: round(c.open, p),
      high: round(c.high, p),
      low: round(c.low, p),
      close: round(c.close, p),
      volume: c.volume,
    });
    switch (period) {
      case "1m":
        return this.#todayMinutes(m, t).map(rounded);
      case "1d": {
        const today = this.#dayIndex(m, t);
        const out: Candle[] = [];
        for (let d = today - HISTORY_LENGTH["1d"] + 1; d <= today; d++) out.push(this.#dayCandle(m, d, t));
        return out.map(rounded);
      }
      case "1wk": {
        const today = this.#dayIndex(m, t);
        const weekStart = today - ((today + 3) % 7); // day 0 (1970-01-01) was a Thursday; weeks start Monday
        const out: Candle[] = [];
        for (let w = HISTORY_LENGTH["1wk"] - 1; w >= 0; w--) {
          const first = weekStart - 7 * w;
          out.push(this.#aggregate(m, first, Math.min(first + 6, today), t));
        }
        return out.map(rounded);
      }
      case "1mo": {
        const today = this.#dayIndex(m, t);
        const date = new Date(today * DAY);
        const out: Candle[] = [];
        for (let k = HISTORY_LENGTH["1mo"] - 1; k >= 0; k--) {
          const first = Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - k, 1) / DAY);
          const next = Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - k + 1, 1) / DAY);
          out.push(this.#aggregate(m, first, Math.min(next - 1, today), t));
        }
        return out.map(rounded);
      }
    }
  }

  // ---- internals -------------------------------------------------------------------------------------

  #dayIndex(m: Model, t: number): number {
    return Math.floor((t + m.offsetMs) / DAY);
  }

  #dayStart(m: Model, day: number): number {
    return day * DAY - m.offsetMs;
  }

  #price(m: Model, t: number): number {
    let dev = 0;
    for (let i = 0; i < WAVES.length; i++) {
      dev += WAVES[i].amp * Math.sin((2 * Math.PI * t) / WAVES[i].period + m.phases[i]);
    }
    for (let i = 0; i < NOISES.length; i++) dev += NOISES[i].amp * valueNoise(m.seed, 20 + i, t, NOISES[i].scale);
    dev += GAP_AMP * (hash01(m.seed, 40, this.#dayIndex(m, t)) * 2 - 1);
    return m.inst.referencePrice * Math.exp(dev * m.vol);
  }

  #cached(key: string, make: () => Candle): Candle {
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const value = make();
    if (this.#cache.size >= this.#cacheSize) this.#cache.clear();
    this.#cache.set(key, value);
    return value;
  }

  /** One-minute candle starting at `start`, cut off at `until` (for the running minute). */
  #minuteCandle(m: Model, start: number, until: number): Candle {
    const build = (): Candle => {
      const end = Math.min(start + MINUTE, until);
      const open = this.#price(m, start);
      let high = open;
      let low = open;
      for (let s = start + 15_000; s < end; s += 15_000) {
        const v = this.#price(m, s);
        if (v > high) high = v;
        if (v < low) low = v;
      }
      const close = this.#price(m, end);
      high = Math.max(high, close);
      low = Math.min(low, close);
      const move = Math.abs(close - open) / open;
      const h = hash01(m.seed, 50, Math.floor(start / MINUTE));
      const volume = Math.round(
        (m.baseDailyVolume / 1440) * (0.3 + 1.4 * h) * (1 + 400 * move) * ((end - start) / MINUTE),
      );
      return { timestamp: start, open, high, low, close, volume };
    };
    return build();
  }

  /** Complete one-minute candles of a day with running high/low/volume, extended on demand. */
  #dayMinutes(m: Model, dayStart: number, complete: number): DayMinutes {
    const key = `${m.inst.symbol}|${dayStart}`;
    let day = this.#days.get(key);
    if (!day) {
      if (this.#days.size >= 4_000) this.#days.clear();
      day = { candles: [], high: [], low: [], volume: [] };
      this.#days.set(key, day);
    }
    for (let i = day.candles.length; i < complete; i++) {
      const start = dayStart + i * MINUTE;
      const c = this.#minuteCandle(m, start, start + MINUTE);
      day.candles.push(c);
      day.high.push(i === 0 ? c.high : Math.max(day.high[i - 1], c.high));
      day.low.push(i === 0 ? c.low : Math.min(day.low[i - 1], c.low));
      day.volume.push(i === 0 ? c.volume : day.volume[i - 1] + c.volume);
    }
    return day;
  }

  #todayMinutes(m: Model, t: number): Candle[] {
    const dayStart = this.#dayStart(m, this.#dayIndex(m, t));
    const complete = Math.floor((t - dayStart) / MINUTE);
    const day = this.#dayMinutes(m, dayStart, complete);
    return [...day.candles.slice(0, complete), this.#minuteCandle(m, dayStart + complete * MINUTE, t)];
  }

  /** Today's candle so far: the same numbers as combining today's minutes, in O(1) once the day is cached. */
  #todayCandle(m: Model, t: number): Candle {
    const dayStart = this.#dayStart(m, this.#dayIndex(m, t));
    const complete = Math.floor((t - dayStart) / MINUTE);
    const day = this.#dayMinutes(m, dayStart, complete);
    const running = this.#minuteCandle(m, dayStart + complete * MINUTE, t);
    if (complete === 0) return running;
    const k = complete - 1;
    return {
      timestamp: dayStart,
      open: day.candles[0].open,
      high: Math.max(day.high[k], running.high),
      low: Math.min(day.low[k], running.low),
      close: running.close,
      volume: day.volume[k] + running.volume,
    };
  }

  /** Daily candle of day index `day`; today's is built from its minutes so it matches the quote. */
  #dayCandle(m: Model, day: number, t: number): Candle {
    const today = this.#dayIndex(m, t);
    if (day >= today) return this.#todayCandle(m, t);
    return this.#cached(`${m.inst.symbol}|d|${day}`, () => {
      const start = this.#dayStart(m, day);
      const end = start + DAY - 1;
      const open = this.#price(m, start);
      const close = this.#price(m, end);
      let high = Math.max(open, close);
      let low = Math.min(open, close);
      for (let s = start + 20 * MINUTE; s < end; s += 20 * MINUTE) {
        const v = this.#price(m, s);
        if (v > high) high = v;
        if (v < low) low = v;
      }
      const volume = Math.round(m.baseDailyVolume * (0.55 + 0.9 * hash01(m.seed, 60, day)));
      return { timestamp: start, open, high, low, close, volume };
    });
  }

  #aggregate(m: Model, firstDay: number, lastDay: number, t: number): Candle {
    const days: Candle[] = [];
    for (let d = firstDay; d <= lastDay; d++) days.push(this.#dayCandle(m, d, t));
    return this.#combine(days);
  }

  #combine(candles: Candle[]): Candle {
    const first = candles[0];
    let high = first.high;
    let low = first.low;
    let volume = 0;
    for (const c of candles) {
      if (c.high > high) high = c.high;
      if (c.low < low) low = c.low;
      volume += c.volume;
    }
    return {
      timestamp: first.timestamp,
      open: first.open,
      high,
      low,
      close: candles[candles.length - 1].close,
      volume,
    };
  }

  #quote(m: Model, t: number): Quote {
    const p = m.inst.precision;
    const dayStart = this.#dayStart(m, this.#dayIndex(m, t));
    const today = this.#todayCandle(m, t);
    const price = round(today.close, p);
    const previousClose = round(this.#price(m, dayStart - 1), p);
    const change = round(price - previousClose, p);
    return {
      symbol: m.inst.symbol,
      name: m.inst.name,
      market: m.inst.market,
      price,
      open: round(today.open, p),
      high: round(today.high, p),
      low: round(today.low, p),
      previousClose,
      change,
      changePercent: round((change / previousClose) * 100, 2),
      volume: today.volume,
      precision: p,
    };
  }
}

function baseVolume(inst: Instrument, seed: number): number {
  const h = hash01(seed, 2, 0);
  switch (inst.kind) {
    case "stock":
      return Math.round(800_000 + h * 20_000_000);
    case "index":
      return Math.round(150_000_000 + h * 300_000_000);
    case "future":
      return Math.round(60_000 + h * 400_000);
    case "forex":
    case "bond":
      return 0;
  }
}
