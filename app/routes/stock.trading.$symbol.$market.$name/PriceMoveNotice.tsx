import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { lastAlertAt, watchAlerts } from "~/components/ui/alert-clock";
import { priceAnnouncement, priceMoveMatters, priceMoveShare } from "~/features/trading/order";
import { formatMarketMoney, intlLocale, numberFormat } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";

const SHARE_OPTIONS: Intl.NumberFormatOptions = {
  style: "percent",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};

/**
 * Defect 25: a screen-reader user hears when the order's price moved, in a polite status: "Price moved: now $262.00,
 * was $257.74". Only moves that matter (docs/product.md#live-prices, docs/decisions/0347-price-announcements.md): at
 * least 0.5 % from the price last announced (at first `reference`, the price when the form or the review was shown;
 * the parent keys this by it), so a paise-level move is never read out and a drifting price is not read on every
 * tick; and never within 2 s after an alert (a failed submit's error summary…): such a move waits for the quiet and
 * is then looked at again with the live price of that moment. The figures themselves update silently.
 *
 * On screen, a move is a line only while it matters to the order: 0.1 % of the price or more, which is the same share
 * of the order's total (docs/decisions/0192-visible-price-moves.md). The line follows the live price quietly (it is
 * not a live region, the status above is).
 */
export function PriceMoveNotice({ reference, live, market }: { reference: number; live: number; market: string }) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const [message, setMessage] = useState("");
  const [announced, setAnnounced] = useState(reference);
  // Bumped when a move that waited for the quiet after an alert is to be looked at again.
  const [wake, setWake] = useState(0);
  useEffect(() => watchAlerts(), []);
  useEffect(() => {
    const next = priceAnnouncement({ announced, live, now: Date.now(), lastAlertAt: lastAlertAt() });
    if (next.speak) {
      setMessage(
        t("trading.priceMoved", {
          now: formatMarketMoney(live, fmt, market),
          was: formatMarketMoney(announced, fmt, market),
        }),
      );
      setAnnounced(live);
      return;
    }
    if (next.retryAt === null) return;
    const timer = window.setTimeout(() => setWake((count) => count + 1), Math.max(0, next.retryAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [announced, live, wake, market, fmt, t]);
  const matters = priceMoveMatters(reference, live);
  // The status is on the page from the start (empty), so each update is announced.
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
