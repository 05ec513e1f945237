import { useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";

import { useTranslation } from "~/i18n-react";
import { intlLocale, numberFormat } from "~/format";

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
  // Same locale as the figures beside it: UI language + deployment region (en-IN grouping, es-MX…).
  // Read through the router's state context so the component also renders outside a router (tests).
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const root = routerState?.loaderData?.root as { deployment?: { region: "IN" | "MX"; currency: "INR" | "MXN" } } | undefined;
  const tag = root?.deployment ? intlLocale({ locale: i18n.language, deployment: root.deployment }) : i18n.language;
  const basis = typeof change === "number" ? change : typeof percent === "number" ? percent : 0;
  const direction = directionOf(basis);
  const sign = direction === "up" ? "+" : direction === "down" ? MINUS : "";
  const amountFormat = numberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const percentFormat = numberFormat(tag, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const parts: string[] = [];
  if (typeof change === "number" && Number.isFinite(change)) parts.push(sign + amountFormat.format(Math.abs(change)));
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
