import { useTranslation } from "react-i18next";

import { useLivePanel } from "~/components/market/useLivePanel";
import { FigureList } from "~/components/ui/FigureList";
import { PriceChangeFigures, type PriceChangeText } from "~/components/ui/PriceChange";
import type { TFunction } from "~/i18n/config";
import { directionOf, formatMoney, type FormatContext } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { PortfolioTotals } from "~/provider/trading.server";
import { portfolioResourceHref } from "~/utils/hrefs";

/** What GET /resources/portfolio answers. */
export interface PortfolioPayload {
  asOf: number;
  totals?: PortfolioTotals;
  error?: string;
}

const MASK = "••••••";
const MINUS = "\u2212";

/**
 * A signed amount in the wallet's currency, with its percent when given, and its sign said in words
 * ("Up ₹1,240.50 (2.10%) today"), never by colour alone.
 */
export function signedMoneyText(
  t: TFunction,
  fmt: FormatContext,
  value: string,
  percent: string | null,
  when: "today" | "overall" | "realised",
): PriceChangeText {
  const direction = directionOf(value, 2);
  const amount = formatMoney(value.replace(/^-/, ""), fmt);
  const sign = direction === "up" ? "+" : direction === "down" ? MINUS : "";
  const share = percent === null ? null : `${percent.replace(/^-/, "")}%`;
  return {
    direction,
    visible: share === null ? `${sign}${amount}` : `${sign}${amount} (${sign}${share})`,
    spoken: t(`pnl.spoken.${when}.${direction}`, { value: share === null ? amount : `${amount} (${share})` }),
  };
}

/**
 * The portfolio's profit and loss (docs/product.md#profit-and-loss): invested, current value, total and the day's
 * change, each with its sign in words; masked when the customer hides amounts (then not refreshed). Refreshed every
 * `refreshMs` with the page's live panels; a failed refresh keeps the figures.
 */
export function PortfolioSummary({
  totals,
  asOf,
  hidden,
  refreshMs,
  headingLevel = 2,
}: {
  totals: PortfolioTotals;
  asOf: number;
  hidden: boolean;
  refreshMs: number;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const live = useLivePanel<PortfolioPayload>(hidden ? null : portfolioResourceHref(), refreshMs);
  const figures = live.data && live.data.asOf >= asOf && live.data.totals ? live.data.totals : totals;
  const masked = (
    <>
      <span aria-hidden="true">{MASK}</span>
      <span className="sr-only">{t("pnl.hidden")}</span>
    </>
  );
  const money = (value: string) => (hidden ? masked : formatMoney(value, fmt));
  const signed = (value: string, percent: string | null, when: "today" | "overall" | "realised") =>
    hidden ? masked : <PriceChangeFigures text={signedMoneyText(t, fmt, value, percent, when)} />;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="pf-summary" aria-labelledby="pnl-title" data-testid="pnl-summary">
      <Heading id="pnl-title" className="pf-summary__title">
        {t("pnl.title")}
      </Heading>
      <FigureList
        className="pf-figures"
        items={[
          { label: t("pnl.invested"), value: money(figures.invested) },
          { label: t("pnl.currentValue"), value: money(figures.current_value) },
          { label: t("pnl.total"), value: signed(figures.total, null, "overall") },
          { label: t("pnl.day"), value: signed(figures.day_change, figures.day_change_percent, "today") },
          { label: t("pnl.realised"), value: signed(figures.realised, null, "realised") },
        ]}
      />
      <p className="pf-summary__rule">{t("pnl.rule")}</p>
    </section>
  );
}
