/**
 * Buy/sell order rules shared by server and browser (docs/product.md#trading, #quantities, #fees), with no zod, so
 * that the screens that only show figures load none; the forms' schemas are in `schemas.ts` and use these rules.
 */
import type { TFunction } from "~/i18n/config";
import { toBig } from "~/utils/decimal";

export const SIDES = ["buy", "sell"] as const;
export type Side = (typeof SIDES)[number];
export const POSITION_TYPES = ["half", "full"] as const;
export type PositionType = (typeof POSITION_TYPES)[number];

export const MIN_QUANTITY = 1;
/** Quantity cap per position type: half 50, full 100 (docs/product.md#quantities). */
export const QUANTITY_CAPS: Record<PositionType, number> = { half: 50, full: 100 };
/** A quantity is written in decimal digits only: no sign, space, exponent, hex prefix or decimal point. */
export const QUANTITY_DIGITS = /^[0-9]{1,9}$/;

export type QuantityWarning = { kind: "min" } | { kind: "max"; cap: number; type: PositionType };

/** The side named in a URL; anything else is a buy (the screen's default tab). */
export function readSide(value: unknown): Side {
  return value === "sell" ? "sell" : "buy";
}

/** The position type named in a URL; anything else is half (the default after a tab switch). */
export function readPositionType(value: unknown): PositionType {
  return value === "full" ? "full" : "half";
}

/** A typed quantity as a number when it is written in decimal digits only, else null. */
export function readQuantity(value: unknown): number | null {
  return typeof value === "string" && QUANTITY_DIGITS.test(value) ? Number(value) : null;
}

/** Which bound a whole quantity breaks for a position type, if any. */
export function quantityWarning(quantity: number, type: PositionType): QuantityWarning | null {
  if (quantity < MIN_QUANTITY) return { kind: "min" };
  const cap = QUANTITY_CAPS[type];
  return quantity > cap ? { kind: "max", cap, type } : null;
}

/** The words of a broken bound, in the `trade` namespace: 'Quantity cannot be less than 1', 'Cannot exceed 50 for half position'. */
export function quantityWarningText(t: TFunction, warning: QuantityWarning): string {
  return warning.kind === "min"
    ? t("trade:quantity.min", { min: MIN_QUANTITY })
    : t("trade:quantity.max", { cap: warning.cap, type: t(`trade:positionType.${warning.type}Word`) });
}

/**
 * One press of − or + on whatever the field holds: the result stays within 1..cap and pressing past a bound
 * says so (docs/product.md#quantities). A field that holds no valid quantity steps from 1.
 */
export function stepQuantity(
  typed: unknown,
  step: "up" | "down",
  type: PositionType,
): { quantity: number; warning: QuantityWarning | null } {
  const current = readQuantity(typed) ?? MIN_QUANTITY;
  const next = current + (step === "up" ? 1 : -1);
  const cap = QUANTITY_CAPS[type];
  if (next < MIN_QUANTITY) return { quantity: MIN_QUANTITY, warning: { kind: "min" } };
  if (next > cap) return { quantity: cap, warning: { kind: "max", cap, type } };
  return { quantity: next, warning: null };
}

/**
 * The share of the price a move must reach before the buy/sell screen shows it as a visible line: 0.1 %
 * (docs/product.md#live-prices, docs/decisions/0192-visible-price-moves.md). An order's total and fee are the price
 * times the quantity, so the same share of the total. Smaller moves are only announced to screen readers.
 */
export const VISIBLE_PRICE_MOVE = "0.001";

/** |current − reference| / reference, exactly (a decimal string); "0" for a reference of zero. */
export function priceMoveShare(reference: number | string, current: number | string): string {
  const base = toBig(reference);
  if (base.eq(0)) return "0";
  return toBig(current).minus(base).abs().div(base.abs()).toString();
}

/** Whether a move since `reference` is large enough to matter to the order: at least VISIBLE_PRICE_MOVE of the price. */
export function priceMoveMatters(reference: number | string, current: number | string): boolean {
  return !toBig(priceMoveShare(reference, current)).lt(VISIBLE_PRICE_MOVE);
}

/**
 * The share of the price a move must reach, from the price last announced, before a screen reader hears it: 0.5 %
 * (docs/product.md#live-prices, docs/decisions/0347-price-announcements.md). Five times the visible line's 0.1 %: the
 * line can be read at any time, an announcement interrupts.
 */
export const ANNOUNCED_PRICE_MOVE = "0.005";

/** How long after an alert (a failed submit's summary, any role="alert") no price move is announced. */
export const QUIET_AFTER_ALERT_MS = 2_000;

/**
 * What the buy/sell screen's price status does with a live price (docs/decisions/0347): `speak` when it is at least
 * ANNOUNCED_PRICE_MOVE away from `announced` (the price last announced; at first the price the form or review
 * showed) and no alert was heard in the last QUIET_AFTER_ALERT_MS; a move that matters during that quiet waits
 * (`retryAt`: when to look again, with the live price of then); a smaller move is no announcement at all.
 * `now` and `lastAlertAt` are milliseconds on one clock.
 */
export function priceAnnouncement(input: {
  announced: number | string;
  live: number | string;
  now: number;
  lastAlertAt: number | null;
}): { speak: boolean; retryAt: number | null } {
  if (toBig(priceMoveShare(input.announced, input.live)).lt(ANNOUNCED_PRICE_MOVE))
    return { speak: false, retryAt: null };
  const quietUntil = input.lastAlertAt === null ? null : input.lastAlertAt + QUIET_AFTER_ALERT_MS;
  if (quietUntil !== null && input.now < quietUntil) return { speak: false, retryAt: quietUntil };
  return { speak: true, retryAt: null };
}
