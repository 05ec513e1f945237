/**
 * Exact decimal arithmetic for money on the app side (estimates, totals, fees, P&L): never a float
 * (docs/decisions/0085-app-money-is-exact.md). A decimal is a BigInt count of units of 10^-scale, so sums, products
 * and comparisons are exact; division and rounding say how they round. The few operations the app needs, in the
 * browser's budget (decision 0159: big.js, which this replaced, was 3 KB gzip on every money page).
 * Amounts arrive from the provider as decimal strings ("1234.50") or numbers with at most their market's
 * digits; `toBig` reads either without passing through float arithmetic.
 */

/** A decimal, or what `toBig` reads as one. */
export type DecimalInput = Decimal | number | string;

/** Rounding modes (big.js's numbers): toward zero, or to the nearest with ties away from zero. */
export const ROUND_DOWN = 0;
export const ROUND_HALF_UP = 1;

/** Places a division keeps before rounding half-up (big.js's default, which the app relied on). */
const DIVISION_PLACES = 20;

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

const pow10 = (n: number) => 10n ** BigInt(n);

export class Decimal {
  /** `units` × 10^-`scale`, `scale` ≥ 0. */
  private constructor(
    private readonly units: bigint,
    private readonly scale: number,
  ) {}

  /** Reads a decimal string ("1234.50", "-0.5", "1e-7") or a finite number (through its shortest decimal form). */
  static read(value: DecimalInput): Decimal {
    if (value instanceof Decimal) return value;
    if (typeof value === "number" && !Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
    const text = String(value).trim();
    const m = NUMBER.exec(text === "" ? "0" : text);
    if (!m || (m[2] === "" && !m[3])) throw new TypeError(`not a decimal: ${JSON.stringify(value)}`);
    const fraction = m[3] ?? "";
    const exponent = Number(m[4] ?? 0);
    const units = BigInt(`${m[1] === "-" ? "-" : ""}${m[2] || "0"}${fraction}`);
    const scale = fraction.length - exponent;
    return scale >= 0 ? new Decimal(units, scale) : new Decimal(units * pow10(-scale), 0);
  }

  /** Both as units of the finer scale. */
  private align(other: DecimalInput): [bigint, bigint, number] {
    const b = Decimal.read(other);
    const scale = Math.max(this.scale, b.scale);
    return [this.units * pow10(scale - this.scale), b.units * pow10(scale - b.scale), scale];
  }

  plus(other: DecimalInput): Decimal {
    const [a, b, scale] = this.align(other);
    return new Decimal(a + b, scale);
  }

  minus(other: DecimalInput): Decimal {
    const [a, b, scale] = this.align(other);
    return new Decimal(a - b, scale);
  }

  times(other: DecimalInput): Decimal {
    const b = Decimal.read(other);
    return new Decimal(this.units * b.units, this.scale + b.scale);
  }

  /** this ÷ other to 20 places, half-up (exact whenever the quotient has at most 20 places: ÷ 100, ÷ 4…). */
  div(other: DecimalInput): Decimal {
    const b = Decimal.read(other);
    if (b.units === 0n) throw new RangeError("division by zero");
    // (a / 10^sa) / (b / 10^sb) at 10^-P = a · 10^(sb + P + 1) / (b · 10^sa), one extra digit to round on.
    const quotient = (this.units * pow10(b.scale + DIVISION_PLACES + 1)) / (b.units * pow10(this.scale));
    return new Decimal(quotient, DIVISION_PLACES + 1).round(DIVISION_PLACES);
  }

  /** To `places` decimals (0 by default), half-up or toward zero (`ROUND_DOWN`). */
  round(places = 0, mode: typeof ROUND_DOWN | typeof ROUND_HALF_UP = ROUND_HALF_UP): Decimal {
    if (places >= this.scale) return this;
    const factor = pow10(this.scale - places);
    let units = this.units / factor; // toward zero
    const rest = this.units % factor;
    if (mode === ROUND_HALF_UP && (rest < 0n ? -rest : rest) * 2n >= factor) units += this.units < 0n ? -1n : 1n;
    return new Decimal(units, places);
  }

  /** -1, 0 or 1. */
  cmp(other: DecimalInput): number {
    const [a, b] = this.align(other);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  eq(other: DecimalInput): boolean {
    return this.cmp(other) === 0;
  }

  gt(other: DecimalInput): boolean {
    return this.cmp(other) > 0;
  }

  lt(other: DecimalInput): boolean {
    return this.cmp(other) < 0;
  }

  lte(other: DecimalInput): boolean {
    return this.cmp(other) <= 0;
  }

  abs(): Decimal {
    return this.units < 0n ? new Decimal(-this.units, this.scale) : this;
  }

  /** Rounded half-up to exactly `places` decimals: "1234.50". */
  toFixed(places: number): string {
    const rounded = this.round(places);
    const digits = (rounded.units < 0n ? -rounded.units : rounded.units).toString().padStart(rounded.scale + 1, "0");
    const whole = digits.slice(0, digits.length - rounded.scale);
    const fraction = digits.slice(digits.length - rounded.scale).padEnd(places, "0");
    return `${rounded.units < 0n ? "-" : ""}${whole}${places > 0 ? `.${fraction}` : ""}`;
  }

  /** Plain decimal notation without trailing zeros: "88.4681", "-5", "0.0000001". */
  toString(): string {
    const fixed = this.toFixed(this.scale);
    return this.scale === 0 ? fixed : fixed.replace(/\.?0+$/, "");
  }

  toNumber(): number {
    return Number(this.toString());
  }
}

/** A decimal from a provider string or a JSON number (read through its shortest decimal form). */
export function toBig(value: DecimalInput): Decimal {
  return Decimal.read(value);
}

/** Money rounded half-up to 2 places, as the string the formatter and the provider both take. */
export function money(value: DecimalInput): string {
  return toBig(value).toFixed(2);
}
