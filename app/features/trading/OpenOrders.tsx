import { Link } from "@remix-run/react";

import { cancelOrderHref, modifyOrderHref } from "~/utils/hrefs";

import type { OpenOrdersView } from "./open-orders.server";

/**
 * The customer's open orders in one stock, on its screen (docs/product.md "Order types"): each in plain words, what
 * it reserves, and links to its Modify and Cancel screens (their own URLs: docs/decisions/0441), which return here
 * (`back`). Nothing at all when there are none, or when the provider has no order types (`orders` null). The words
 * come from the loader (`openOrdersView`), so the chart's document carries no order strings (docs/decisions/0531).
 */
export function OpenOrders({ orders, back }: { orders: OpenOrdersView | null; back: string }) {
  if (!orders) return null;
  const { words } = orders;
  return (
    <section aria-labelledby="open-orders-title" className="card tr-open-orders">
      <h2 id="open-orders-title">{words.heading}</h2>
      <ul className="list">
        {orders.rows.map((order) => (
          <li key={order.no} className="list-item tr-open-order">
            <p>{order.sentence}</p>
            {order.held ? <p className="tr-muted">{order.held}</p> : null}
            <p className="actions">
              {order.modifiable ? (
                <Link to={modifyOrderHref(order.no, back)} className="button button--secondary button--small">
                  {words.modify}
                  <span className="sr-only"> {order.orderNo}</span>
                </Link>
              ) : null}
              <Link to={cancelOrderHref(order.no, back)} className="button button--secondary button--small">
                {words.cancel}
                <span className="sr-only"> {order.orderNo}</span>
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
