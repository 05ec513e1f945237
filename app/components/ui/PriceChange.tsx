import { useTranslation } from "react-i18next";

import type { TFunction } from "~/i18n/config";
import { directionOf, intlLocale, numberFormat, type Direction, type FormatContext } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";

const MINUS = "\u2212";

export interface PriceChangeText {
  direction: Direction;
  /** What the screen shows: `+1.50 (+0.42%)`, `−2.00 (−1.23%)`. */
  visible: string;
  /** What a screen reader hears: `Up 1.50 (0.42%)`. */
  spoken: string;
}

/**
 * The words and figures of a price change, for the component below and for anything that reads a price out
 * (the "read current price" button). `percent` is in percent points (1.23 means 1.23 %).
 */
export function priceChangeText(
  t: TFunction,
  fmt: FormatContext,
  change: number | null | undefined,
  percent: number | null | undefined,
  decimals = 2,
): PriceChangeText {
  const hasChange = typeof change === "number" && Number.isFinite(change);
  const hasPercent = typeof percent === "number" && Number.isFinite(percent);
  // Up or down as shown after rounding, so a change displayed as 0.00 is never coloured.
  const direction = hasChange ? directionOf(change, decimals) : hasPercent ? directionOf(percent, 2) : "flat";
  const sign = direction === "up" ? "+" : direction === "down" ? MINUS : "";
  const tag = intlLocale(fmt);
  const parts: string[] = [];
  if (hasChange) {
    parts.push(
      sign +
        numberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
          Math.abs(change),
        ),
    );
  }
  if (hasPercent) {
    const text =
      sign +
      numberFormat(tag, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        Math.abs(percent) / 100,
      );
    parts.push(parts.length ? `(${text})` : text);
  }
  const visible = parts.join(" ");
  const spoken = t(`common:priceChange.${direction}`, { value: visible.replaceAll(MINUS, "").replaceAll("+", "") });
  return { direction, visible, spoken };
}

/**
 * `priceChangeText` with the page's words and formats, for a list that shows many changes: one translation hook
 * for the whole table instead of one per row (each row's hook is work in the server's render and in hydration;
 * docs/decisions/0313-one-translation-hook-per-list.md).
 */
export function usePriceChangeText(): (
  change: number | null | undefined,
  percent: number | null | undefined,
  decimals?: number,
) => PriceChangeText {
  const { t } = useTranslation("common");
  const fmt = useFormat();
  return (change, percent, decimals) => priceChangeText(t, fmt, change, percent, decimals);
}

/**
 * A price change that never relies on colour alone: up is green with ▲ and "+", down is red with ▼ and
 * "−" (U+2212), unchanged is neutral. Formatted like the figures beside it (UI language + deployment region).
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
  const text = usePriceChangeText()(change, percent, decimals);
  return <PriceChangeFigures text={text} className={className} />;
}

/** What PriceChange shows, from words already made (`usePriceChangeText`): the rows of a list use this. */
export function PriceChangeFigures({ text, className }: { text: PriceChangeText; className?: string }) {
  const { direction, visible, spoken } = text;
  const arrow = direction === "up" ? "▲" : direction === "down" ? "▼" : "";
  return (
    <span className={["price-change", `price-change--${direction}`, className ?? ""].filter(Boolean).join(" ")}>
      {arrow ? <span aria-hidden="true">{arrow} </span> : null}
      <span aria-hidden="true">{visible}</span>
      <span className="sr-only">{spoken}</span>
    </span>
  );
}
