import { Link } from "@remix-run/react";

import { PriceChange } from "~/components/ui/PriceChange";

import { formatPrice, priceDigits, type FormatContext } from "~/format";


export interface IndexFigures {
  symbol: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
}

/** A market index tile: name, level, signed change and percent; links to that index on /markets. */
export function IndexCard({
  index,
  market,
  href,
  fmt,
}: {
  index: IndexFigures;
  /** The category's market: forex levels show 4 decimals. */
  market?: string;
  href: string;
  fmt: FormatContext;
}) {
  return (
    <Link className="mk-card mk-index" to={href} prefetch="intent">
      <span className="mk-index-name">{index.name}</span>
      <span className="mk-num mk-index-price">{formatPrice(index.price, fmt, market)}</span>
      <PriceChange change={index.change} percent={index.changePercent} decimals={priceDigits(market)} />
    </Link>
  );
}
