import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { priceChangeText } from "~/components/ui/PriceChange";
import { formatClockTime, formatMarketMoney, formatPrice, priceDigits, type FormatContext } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { PriceCardFigures } from "~/provider/market.server";

/**
 * A price as a card shows it: a stock's in its market's currency, an index level as a plain number
 * (docs/product.md#currency). Here rather than in PriceCard, so that the screens with a read-out but no card (buy/sell,
 * positions) do not load the card and its sparkline.
 */
export function cardPrice(value: number, card: Pick<PriceCardFigures, "kind" | "market">, fmt: FormatContext): string {
  return card.kind === "index" ? formatPrice(value, fmt, card.market) : formatMarketMoney(value, fmt, card.market);
}

/**
 * How fresh the figures on screen are (docs/product.md#live-prices): "Prices as of 10:42", or after a failed
 * refresh "Prices as of 10:42, updating…" in the warning style. Shown, never announced: a screen reader reads it
 * when it gets there, and asks for the price with {@link ReadPriceButton}.
 */
export function PriceFreshness({ asOf, stale, className }: { asOf: number; stale: boolean; className?: string }) {
  const { t } = useTranslation("quotes");
  const fmt = useFormat();
  const time = formatClockTime(asOf, fmt);
  return (
    <p
      className={["mk-fresh", stale ? "mk-fresh--stale" : "", className ?? ""].filter(Boolean).join(" ")}
      data-stale={stale || undefined}
    >
      {stale ? <span aria-hidden="true">⚠ </span> : null}
      {t(stale ? "live.stale" : "live.asOf", { time })}
    </p>
  );
}

/** What is read out: an index or a stock as its price card shows it. */
export type PriceReadout = Pick<PriceCardFigures, "name" | "market" | "kind" | "price" | "change" | "changePercent">;

/**
 * "Read current price": on demand, puts the current price, its move and its time into a polite live region, so
 * a screen-reader user hears the price when they ask and is never interrupted by ticks (no `aria-live` on the
 * figures themselves). Usable after hydration only (without JavaScript the figures do not move), but in the
 * server's markup too, invisible (`data-pending`, app.css) until then, so the button appearing moves nothing
 * below it (docs/decisions/0291-read-price-button-holds-its-place.md); without JavaScript it takes no space.
 */
export function ReadPriceButton({ quote, live }: { quote: PriceReadout; live: { asOf: number; stale: boolean } }) {
  const { t } = useTranslation("quotes");
  const fmt = useFormat();
  const [hydrated, setHydrated] = useState(false);
  const [message, setMessage] = useState("");
  const latest = useRef({ quote, live });
  latest.current = { quote, live };
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    setHydrated(true);
    return () => clearTimeout(timer.current);
  }, []);
  const read = () => {
    const { quote: current, live: freshness } = latest.current;
    const change = priceChangeText(t, fmt, current.change, current.changePercent, priceDigits(current.market));
    const text = t(freshness.stale ? "live.readoutStale" : "live.readout", {
      name: current.name,
      price: cardPrice(current.price, current, fmt),
      change: change.spoken,
      time: formatClockTime(freshness.asOf, fmt),
    });
    // Emptied first, so asking twice for an unchanged price is read twice.
    setMessage("");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(text), 100);
  };

  return (
    <div className="mk-readout" data-pending={hydrated ? undefined : ""}>
      <button type="button" className="mk-button mk-button--quiet" onClick={read}>
        {t("live.read")}
      </button>
      <p role="status" className="mk-readout-text">
        {message}
      </p>
    </div>
  );
}
