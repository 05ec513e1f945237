import { useTranslation } from "~/i18n-react";

export type Direction = "up" | "down" | "flat";

export function directionOf(value: number): Direction {
  if (!Number.isFinite(value) || value === 0) return "flat";
  return value > 0 ? "up" : "down";
}

const MINUS = "\u2212";

/**
 * A price change that never relies on colour alone: up is green with ▲ and "+", down is red with ▼ and
 * "−" (U+2212), unchanged is neutral. `percent` is in percent units (1.23 means 1.23 %).
 */
export function PriceChange({
  change,
  percent,
  decimals = 2,
  className,
}: {
  change?: number | null;
  percent?: number | null;
  decimals?: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation("common");
  const basis = typeof change === "number" ? change : typeof percent === "number" ? percent : 0;
  const direction = directionOf(basis);
  const sign = direction === "up" ? "+" : direction === "down" ? MINUS : "";
  const numberFormat = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  const percentFormat = new Intl.NumberFormat(i18n.language, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const parts: string[] = [];
  if (typeof change === "number" && Number.isFinite(change)) parts.push(sign + numberFormat.format(Math.abs(change)));
  if (typeof percent === "number" && Number.isFinite(percent)) {
    const text = sign + percentFormat.format(Math.abs(percent) / 100);
    parts.push(parts.length ? `(${text})` : text);
  }
  const text = parts.join(" ");
  const arrow = direction === "up" ? "▲" : direction === "down" ? "▼" : "";
  return (
    <span className={["price-change", `price-change--${direction}`, className ?? ""].filter(Boolean).join(" ")}>
      {arrow ? <span aria-hidden="true">{arrow} </span> : null}
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{t(`priceChange.${direction}`, { value: text.replaceAll(MINUS, "").replaceAll("+", "") })}</span>
    </span>
  );
}
