import type { ReactNode } from "react";

import { Pager } from "~/components/ui/Pager";
import { LinkTabs } from "~/components/ui/Tabs";
import type { PageInfo } from "~/utils/pagination";

import { Figures, type Figure } from "./Figures";
import { ListFailed } from "./ListFailed";
import { ProductPage } from "./ProductPage";

/**
 * A product's orders (block trading and QIP, IPO, funds; docs/product.md#block-trading, #ipo, #funds): the heading,
 * the way back to the product, the tabs, then the tab's page of orders (each an OrderItem), its empty state, or the
 * provider's failure with a retry, and the pager. Every link is `href` of a tab and page.
 */
export function OrdersScreen<Tab extends string>({
  heading,
  back,
  tabsLabel,
  tabs,
  tabLabel,
  href,
  data,
  empty,
  children,
}: {
  heading: string;
  back: { href: string; label: string };
  tabsLabel: string;
  tabs: readonly Tab[];
  tabLabel: (tab: Tab) => string;
  href: (query: { tab: Tab; page?: number }) => string;
  /** The tab shown, its page, and whether the provider could not give it. */
  data: PageInfo & { tab: Tab; failed: boolean };
  /** What an empty tab says (null: the tab has orders). */
  empty: ReactNode;
  /** The orders: one OrderItem each. */
  children: ReactNode;
}) {
  return (
    <ProductPage heading={heading} link={back}>
      <LinkTabs
        label={tabsLabel}
        tabs={tabs.map((tab) => ({ to: href({ tab }), label: tabLabel(tab), current: tab === data.tab }))}
      />
      {data.failed ? (
        <ListFailed retryHref={href({ tab: data.tab, page: data.page })} />
      ) : empty ? (
        empty
      ) : (
        <ul className="list pr-items" aria-label={tabLabel(data.tab)}>
          {children}
        </ul>
      )}
      <Pager
        page={data.page}
        pageCount={data.pageCount}
        total={data.total}
        hrefFor={(page) => href({ tab: data.tab, page })}
      />
    </ProductPage>
  );
}

/**
 * One order: what it is (`title`, with the symbol's name in `muted`), its status badge, and its figures. `id` makes
 * the row a link target (a bill links to its own record).
 */
export function OrderItem({
  id,
  title,
  muted,
  badge,
  figures,
}: {
  id?: string;
  title: string;
  muted?: string;
  badge?: { tone: string; label: string };
  figures: (Figure | null | false)[];
}) {
  return (
    <li className="pr-item" id={id}>
      <div className="pr-item__head">
        {muted === undefined ? (
          <span className="pr-strong">{title}</span>
        ) : (
          <span>
            <span className="pr-strong">{title}</span> <span className="pr-muted">{muted}</span>
          </span>
        )}
        {badge ? <span className={`pr-badge pr-badge--${badge.tone}`}>{badge.label}</span> : null}
      </div>
      <Figures items={figures} />
    </li>
  );
}
