import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { Figures, type Figure } from "./Figures";

/** How an item on offer is bought: a link to its purchase step, a form of its own, or the reason it cannot be now. */
export type OfferBuy = { label: string } & (
  { href: string } | { form: (label: ReactNode) => ReactNode } | { unavailable: string }
);

/**
 * One product on offer (a block offer, an IPO, a fund; docs/product.md#block-trading, #ipo, #funds): its name (the
 * symbol muted beside it), a status badge, its figures, and the way to buy it, whose accessible name includes the
 * item's. An item that cannot be bought now shows a disabled button with the reason beside it.
 */
export function OfferItem({
  level,
  title,
  muted,
  badge,
  figures,
  buy,
}: {
  /** The title's heading level under the list's own heading. */
  level: 2 | 3;
  title: string;
  muted?: string;
  badge?: string;
  figures: (Figure | null | false)[];
  buy: OfferBuy;
}) {
  const Heading = level === 3 ? "h3" : "h2";
  const label = (
    <>
      {buy.label}
      <span className="sr-only"> {title}</span>
    </>
  );
  return (
    <li className="pr-item">
      <div className="pr-item__head">
        <Heading className="pr-item__title">
          {title}
          {muted === undefined ? null : (
            <>
              {" "}
              <span className="pr-muted">{muted}</span>
            </>
          )}
        </Heading>
        {badge === undefined ? null : <span className="pr-badge">{badge}</span>}
      </div>
      <Figures items={figures} />
      {"href" in buy ? (
        <Link to={buy.href} className="button button--small" preventScrollReset>
          {label}
        </Link>
      ) : "form" in buy ? (
        buy.form(label)
      ) : (
        <p className="pr-unavailable">
          <button type="button" className="button button--small" disabled>
            {label}
          </button>{" "}
          <span>{buy.unavailable}</span>
        </p>
      )}
    </li>
  );
}
