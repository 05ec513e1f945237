import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { orderHref, type MarketStockRef } from "~/utils/hrefs";

/** Buy and sell for a stock (its real symbol), plus any other links of the screen (`children`). */
export function StockActions({
  stock,
  sticky = false,
  children,
}: {
  stock: MarketStockRef;
  sticky?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("stock");
  return (
    <nav aria-label={t("actions.label")} className={sticky ? "sc-actions sc-actions--sticky" : "sc-actions"}>
      <Link className="button sc-buy" to={orderHref(stock, { type: "buy" })}>
        {t("actions.buy")}
      </Link>
      <Link className="button sc-sell" to={orderHref(stock, { type: "sell" })}>
        {t("actions.sell")}
      </Link>
      {children}
    </nav>
  );
}
