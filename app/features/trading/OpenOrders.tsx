import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { RecordFigures } from "~/provider/trading.server";
import { cancelOrderHref, modifyOrderHref } from "~/utils/hrefs";

import { orderSentence } from "./order-words";

/**
 * The customer's open orders in one stock, on its screen (docs/product.md "Order types"): each in plain words, what
 * it reserves, and links to its Modify and Cancel screens (their own URLs: docs/decisions/0441), which return here
 * (`back`). Nothing at all when there are none, or when the provider has no order types (`orders` null).
 */
export function OpenOrders({ orders, back }: { orders: RecordFigures[] | null; back: string }) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  if (!orders || orders.length === 0) return null;
  return (
    <section aria-labelledby="open-orders-title" className="card tr-open-orders">
      <h2 id="open-orders-title">{t("orderKinds.open.heading")}</h2>
      <ul className="list">
        {orders.map((order) => (
          <li key={order.no} className="list-item tr-open-order">
            <p>{orderSentence(t, fmt, order)}</p>
            {order.side === "buy" && order.held !== "0.00" ? (
              <p className="tr-muted">{t("orderKinds.open.held", { amount: formatMoney(order.held, fmt) })}</p>
            ) : null}
            <p className="actions">
              {order.orderType !== "market" ? (
                <Link to={modifyOrderHref(order.no, back)} className="button button--secondary button--small">
                  {t("orderKinds.open.modify")}
                  <span className="sr-only"> {t("orderKinds.open.orderNo", { no: order.no })}</span>
                </Link>
              ) : null}
              <Link to={cancelOrderHref(order.no, back)} className="button button--secondary button--small">
                {t("orderKinds.open.cancel")}
                <span className="sr-only"> {t("orderKinds.open.orderNo", { no: order.no })}</span>
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
