import { createBlockTrades } from "./block-trades";
import { builtOnce } from "./built-once";
import { createChat } from "./chat";
import { createFundProducts } from "./fund-products";
import { createIpos } from "./ipo";
import { createNewsDesk } from "./news-desk";
import type { ProductDeps } from "./products-common";

/*
 * Products (docs/product.md#block-trading, #ipo, #funds, #news, #support): block trades and QIP, IPOs, funds, news publishing and the customer-service chat. Decisions
 * docs/decisions/0130-0134. Every money movement goes through applyBalanceChange inside one transaction that locks
 * the account row first; block/QIP purchases and IPO allotments become `orders` lots (positions).
 */

export function createProducts(deps: ProductDeps) {
  return {
    blockTrades: createBlockTrades(deps),
    ipos: createIpos(deps),
    funds: createFundProducts(deps),
    chat: createChat(deps),
    newsDesk: createNewsDesk(deps),
  };
}
export type Products = ReturnType<typeof createProducts>;

/** Built once per provider Services object (customer and operator routes share one set). */
export const productsFor: (s: ProductDeps) => Products = builtOnce(createProducts);
