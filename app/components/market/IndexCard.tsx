import { Link } from "@remix-run/react";

import { PriceChangeFigures, type PriceChangeText } from "~/components/ui/PriceChange";
import { formatPrice } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { IndexFigures } from "~/provider/market.server";

/**
 * A market index card: name, level (a plain number, never money: docs/product.md#currency), signed change and
 * percent; links to that index on /markets. The change wraps under the level rather than overflow a narrow card.
 * `change` is the change in words, made by the grid (`usePriceChangeText`, one hook per list).
 */
export function IndexCard({
  index,
  change,
  market,
  href,
}: {
  index: IndexFigures;
  change: PriceChangeText;
  market?: string;
  href: string;
}) {
  const fmt = useFormat();
  return (
    <Link className="mk-card mk-index" to={href} prefetch="intent">
      <span className="mk-index-name">{index.name}</span>
      <span className="mk-num mk-index-price">{formatPrice(index.price, fmt, market)}</span>
      <PriceChangeFigures text={change} />
    </Link>
  );
}
