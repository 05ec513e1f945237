import { createBlockTrades } from "./block-trades";
import { createChat } from "./chat";
import { createFundProducts } from "./fund-products";
import { createIpos } from "./ipo";
import { createNewsDesk } from "./news-desk";
import type { ProductDeps } from "./products-common";

/*
 * Products (SPEC §7): block trades and QIP, IPOs, funds, news publishing and the customer-service chat. Decisions
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

const built = new WeakMap<object, Products>();
/** Memoised on the provider's Services object (customer and operator routes share one set). */
export function productsFor(s: ProductDeps): Products {
  let products = built.get(s);
  if (!products) built.set(s, (products = createProducts(s)));
  return products;
}
