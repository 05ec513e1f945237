import { Link } from "@remix-run/react";

import { PriceChange } from "~/components/ui/PriceChange";
import { formatPrice, priceDigits } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { IndexFigures } from "~/provider/market.server";

/**
 * A market index card: name, level (a plain number, never money: docs/product.md#currency), signed change and
 * percent; links to that index on /markets. The change wraps under the level rather than overflow a narrow card.
 */
export function IndexCard({ index, market, href }: { index: IndexFigures; market?: string; href: string }) {
  const fmt = useFormat();
  return (
    <Link className="mk-card mk-index" to={href} prefetch="intent">
      <span className="mk-index-name">{index.name}</span>
      <span className="mk-num mk-index-price">{formatPrice(index.price, fmt, market)}</span>
      <PriceChange change={index.change} percent={index.changePercent} decimals={priceDigits(market)} />
    </Link>
  );
}
