import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { priceMoved, priceMoveMatters, priceMoveShare } from "~/features/trading/order";
import { formatMarketMoney, intlLocale, numberFormat, priceDigits } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";

const SHARE_OPTIONS: Intl.NumberFormatOptions = {
  style: "percent",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};

/**
 * Defect 25: a screen-reader user hears when the order's price moved. Once the live price differs from
 * `reference` (the price when the form or the review was shown) by at least one displayed unit, a polite status
 * says so once: "Price moved: now $257.80, was $257.74". Never on every tick: later moves stay quiet until a new
 * form or review (the parent keys this by it) sets a new reference; the figures themselves update silently.
 *
 * On screen, a move is a line only while it matters to the order: 0.1 % of the price or more, which is the same share
 * of the order's total (docs/product.md#live-prices, docs/decisions/0192-visible-price-moves.md). A paise-level move
 * is no line to read; the line follows the live price quietly (it is not a live region, the status above is).
 */
export function PriceMoveNotice({ reference, live, market }: { reference: number; live: number; market: string }) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const [message, setMessage] = useState("");
  const moved = message === "" && priceMoved(reference, live, priceDigits(market));
  useEffect(() => {
    if (moved) {
      setMessage(
        t("trading.priceMoved", {
          now: formatMarketMoney(live, fmt, market),
          was: formatMarketMoney(reference, fmt, market),
        }),
      );
    }
  }, [moved, live, reference, market, fmt, t]);
  const matters = priceMoveMatters(reference, live);
  // The status is on the page from the start (empty), so the one update is announced.
  return (
    <>
      <p role="status" className="sr-only tr-price-status">
        {message}
      </p>
      {matters ? (
        <p className="field__hint tr-price-move">
          {t("trading.priceMovedVisible", {
            share: numberFormat(intlLocale(fmt), SHARE_OPTIONS).format(Number(priceMoveShare(reference, live))),
            now: formatMarketMoney(live, fmt, market),
            was: formatMarketMoney(reference, fmt, market),
          })}
        </p>
      ) : null}
    </>
  );
}
