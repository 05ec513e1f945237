/**
 * Buy/sell order rules shared by server and browser (SPEC §4, §5, §9). No zod here: this module ships to the
 * browser, where the route budget leaves no room for a schema library (the server schema is in order.server.ts).
 */
export type Side = "buy" | "sell";
export type PositionType = "half" | "full";

export const MIN_QUANTITY = 1;
/** Quantity cap per position type: half 50, full 100. */
export const QUANTITY_CAPS: Record<PositionType, number> = { half: 50, full: 100 };
export const POSITION_TYPES: readonly PositionType[] = ["half", "full"];

export type QuantityWarning = { kind: "min" } | { kind: "max"; cap: number; type: PositionType };

export function readSide(value: unknown): Side {
  return value === "sell" ? "sell" : "buy";
}

export function readPositionType(value: unknown): PositionType {
  return value === "full" ? "full" : "half";
}

/**
 * Clamps a quantity to 1..cap. `warning` says which bound was hit, so the field can show
 * 'Quantity cannot be less than 1' or 'Cannot exceed {cap} for {type} position'. Non-numbers become 1.
 */
export function clampQuantity(raw: number, type: PositionType): { quantity: number; warning: QuantityWarning | null } {
  const cap = QUANTITY_CAPS[type];
  if (!Number.isFinite(raw)) return { quantity: MIN_QUANTITY, warning: { kind: "min" } };
  const whole = Math.trunc(raw);
  if (whole < MIN_QUANTITY) return { quantity: MIN_QUANTITY, warning: { kind: "min" } };
  if (whole > cap) return { quantity: cap, warning: { kind: "max", cap, type } };
  return { quantity: whole, warning: null };
}

/** One press of − or +: the result is clamped, and pressing past a bound warns. */
export function stepQuantity(current: number, step: "up" | "down", type: PositionType) {
  return clampQuantity((Number.isFinite(current) ? Math.trunc(current) : MIN_QUANTITY) + (step === "up" ? 1 : -1), type);
}

export interface TradingTarget {
  symbol: string;
  market: string;
  name: string;
}

/** `/stock/trading/{symbol}/{market}/{name}?type=…` plus any other query values that are set. */
export function tradingHref(target: TradingTarget, query: Record<string, string | number | null | undefined> = {}): string {
  const path = [target.symbol, target.market, target.name].map((part) => encodeURIComponent(part)).join("/");
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return `/stock/trading/${path}${search ? `?${search}` : ""}`;
}

/** Money rounded half-up to 2 places, the way the provider rounds each product once. */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** What the review step shows: total = price × quantity, fee = rate × total, and for sells the estimated P&L. */
export function orderEstimate(input: { side: Side; price: number; quantity: number; feeRate: number; costPrice?: number }) {
  const total = roundMoney(input.price * input.quantity);
  const fee = roundMoney(total * input.feeRate);
  const net = input.side === "buy" ? roundMoney(total + fee) : roundMoney(total - fee);
  const profit =
    input.side === "sell" && typeof input.costPrice === "number"
      ? roundMoney((input.price - input.costPrice) * input.quantity)
      : null;
  return { total, fee, net, profit };
}
