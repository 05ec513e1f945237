import { z } from "zod";

import type { Instrument } from "./source";

/*
 * Trading sessions per market (or exchange). No entry = always open, the demo default, so a newcomer can trade at
 * any hour. See docs/decisions/0016-market-hours.md.
 */

export interface SessionHours {
  /** IANA time zone, e.g. "Asia/Kolkata". */
  timezone: string;
  /** Local wall-clock "HH:MM"; a close at or before the open ends on the next day. */
  open: string;
  close: string;
  /** Local weekdays the session opens on, 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
}

/** Keys: an exchange name (e.g. "NSE") or a market code ("IN", "US", "FOREX", …); the exchange wins. */
export type MarketHoursConfig = Record<string, SessionHours>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM");
const sessionSchema = z.object({
  timezone: z.string().refine((tz) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "unknown time zone"),
  open: hhmm,
  close: hhmm,
  weekdays: z.array(z.number().int().min(0).max(6)).min(1).default([1, 2, 3, 4, 5]),
});
const configSchema = z.record(z.string(), sessionSchema);

/** Parses MARKET_HOURS (JSON); empty or absent = always open. Throws on a malformed value (fail at start). */
export function parseMarketHours(text: string | undefined): MarketHoursConfig {
  if (!text || !text.trim()) return {};
  const result = configSchema.safeParse(JSON.parse(text));
  if (!result.success)
    throw new Error(
      `MARKET_HOURS is invalid: ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  return result.data as MarketHoursConfig;
}

export interface Session {
  open: Date;
  close: Date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The local wall clock at `t`, expressed as if it were UTC (epoch ms). */
function localAsUtc(t: number, tz: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(t))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant at which the local wall clock in `tz` shows `wall` (a local time expressed as UTC epoch ms). */
function zonedToInstant(wall: number, tz: string): number {
  let guess = wall - (localAsUtc(wall, tz) - wall);
  const corrected = wall - (localAsUtc(guess, tz) - guess);
  if (corrected !== guess) guess = corrected; // the offset changed between the two (DST edge)
  return guess;
}

const DAY = 86_400_000;
const minutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

export class MarketHours {
  constructor(readonly config: MarketHoursConfig = {}) {}

  hoursFor(inst: Pick<Instrument, "market" | "exchangeName">): SessionHours | undefined {
    return this.config[inst.exchangeName] ?? this.config[inst.market];
  }

  /** Sessions that start on local days around `at` (yesterday .. +`days`), in order. */
  #sessions(h: SessionHours, at: Date, days: number): Session[] {
    const localMidnight = Math.floor(localAsUtc(at.getTime(), h.timezone) / DAY) * DAY;
    const open = minutes(h.open);
    let close = minutes(h.close);
    if (close <= open) close += 24 * 60;
    const out: Session[] = [];
    for (let d = -1; d <= days; d++) {
      const day = localMidnight + d * DAY;
      if (!h.weekdays.includes(new Date(day).getUTCDay())) continue;
      out.push({
        open: new Date(zonedToInstant(day + open * 60_000, h.timezone)),
        close: new Date(zonedToInstant(day + close * 60_000, h.timezone)),
      });
    }
    return out;
  }

  isOpen(inst: Pick<Instrument, "market" | "exchangeName">, at: Date): boolean {
    const h = this.hoursFor(inst);
    if (!h) return true;
    const t = at.getTime();
    return this.#sessions(h, at, 0).some((s) => s.open.getTime() <= t && t < s.close.getTime());
  }

  /** The session `at` falls in; undefined when the market is closed at `at` or always open. */
  currentSession(inst: Pick<Instrument, "market" | "exchangeName">, at: Date): Session | undefined {
    const h = this.hoursFor(inst);
    if (!h) return undefined;
    const t = at.getTime();
    return this.#sessions(h, at, 0).find((s) => s.open.getTime() <= t && t < s.close.getTime());
  }

  /** The first session opening after `at`; undefined when the market is always open. */
  nextSession(inst: Pick<Instrument, "market" | "exchangeName">, at: Date): Session | undefined {
    const h = this.hoursFor(inst);
    if (!h) return undefined;
    return this.#sessions(h, at, 8).find((s) => s.open.getTime() > at.getTime());
  }
}
