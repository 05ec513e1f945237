/** /account's holdings card: the newest three positions of the chosen market tab, and links to the full lists. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { PriceChangeFigures } from "~/components/ui/PriceChange";
import { LinkTabs } from "~/components/ui/Tabs";
import { useProfitLossText } from "~/features/trading/profit-loss";
import { formatAmount } from "~/i18n/currency";
import { formatInteger } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import {
  POSITION_TABS,
  accountHref,
  instrumentListHref,
  positionsHref,
  recordsHref,
  stockHref,
  withQuery,
} from "~/utils/hrefs";

import type { AccountData } from "./route.server";

export function Holdings({ tab, holdings }: Pick<AccountData, "tab" | "holdings">) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const profitLoss = useProfitLossText();
  return (
    <section className="card" aria-labelledby="holdings-title">
      <h2 id="holdings-title">{t("account.holdings")}</h2>
      <LinkTabs
        label={t("account.holdingsTabs")}
        tabs={POSITION_TABS.map((each) => ({
          to: withQuery(accountHref(), { tab: each === "stock" ? undefined : each }),
          label: t(`account.tab.${each}`),
          current: each === tab,
        }))}
      />
      {holdings.failed ? (
        <p className="notice">{t("account.holdingsFailed")}</p>
      ) : holdings.rows.length === 0 ? (
        <p className="wl-empty">{t(`account.empty.${tab}`)}</p>
      ) : (
        <ul className="list wl-holdings">
          {holdings.rows.map((row) => (
            <li key={row.no} className="wl-holding">
              <span className="wl-holding__name">
                <Link to={stockHref({ symbol: row.symbol, name: row.name })}>{row.name}</Link>
                <span className="wl-muted">{row.display}</span>
              </span>
              <span className="wl-holding__figures">
                <span>{t("account.quantity", { qty: formatInteger(row.count, fmt) })}</span>
                <span>{t("account.marketValue", { value: formatAmount(row.market_value, fmt, row.market) })}</span>
                <PriceChangeFigures text={profitLoss(row.profit, row.profit_percent, row.market)} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="links">
        <Link to={positionsHref(tab)}>{t(`account.allOf.${tab}`)}</Link>
        {tab === "stock" ? (
          <Link to={recordsHref()}>{t("account.lists.records")}</Link>
        ) : (
          <Link to={instrumentListHref(tab)}>{t(`account.lists.${tab}`)}</Link>
        )}
      </p>
    </section>
  );
}
