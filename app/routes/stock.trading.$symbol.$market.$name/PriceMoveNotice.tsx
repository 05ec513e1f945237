import { useEffect, useState } from "react";

import { priceMoved } from "~/features/trading/order";
import { formatMarketMoney, priceDigits } from "~/format";
import { useTranslation } from "~/i18n-react";
import { useFormat } from "~/utils/format-context";

/**
 * Defect 25: a screen-reader user hears when the order's price moved. Once the live price differs from
 * `reference` (the price when the form or the review was shown) by at least one displayed unit, a polite status
 * says so once: "Price moved: now $257.80, was $257.74". Never on every tick: later moves stay quiet until a new
 * form or review (the parent keys this by it) sets a new reference; the figures themselves update silently.
 */
export function PriceMoveNotice({ reference, live, market }: { reference: number; live: number; market: string }) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const [message, setMessage] = useState("");
  const moved = message === "" && priceMoved(reference, live, priceDigits(market));
  useEffect(() => {
    if (moved) {
      setMessage(t("trading.priceMoved", { now: formatMarketMoney(live, fmt, market), was: formatMarketMoney(reference, fmt, market) }));
    }
  }, [moved, live, reference, market, fmt, t]);
  // The region is on the page from the start (empty), so the one update is announced.
  return (
    <p role="status" className="field__hint tr-price-move">
      {message}
    </p>
  );
}
