/**
 * /stock/trading/{symbol}/{market}/{name}?type=buy|sell (auth; docs/product.md#trading): buy and sell tabs, a
 * live price panel (3 s), the customer's lots in this symbol, the order form, then a server-rendered review
 * ("check your answers") with one Confirm. Everything works as plain HTML forms (docs/decisions/0100):
 * - the form's state lives in the URL (`type`, `position`, `quantity`, `lot`) and, while typing, in Conform;
 *   − / + are GET submits without JS and change the field in place with JS;
 * - "Review order" POSTs; a valid order redirects to `?step=review&…&key=<idempotency key>`: the key is minted
 *   there, once per intent, and every reload, retry or error page of that review carries it (decision 0101);
 * - Confirm POSTs the key; a lost provider reply is asked again with the same key, so one order either way.
 * The loader and the action live in route.server.ts (re-exported here); this module is the browser's half.
 */
import {
  useActionData,
  useLoaderData,
  useLocation,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { useLiveQuotes } from "~/components/market/liveQuotes";
import { LinkTabs } from "~/components/ui/Tabs";
import { tradeLinks } from "~/features/trading/route-exports";
import { noStoreHeaders } from "~/http/no-store";
import { orderHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

import { OrderForm } from "./OrderForm";
import { PriceMoveNotice } from "./PriceMoveNotice";
import { QuotePanel } from "./QuotePanel";
import { Review } from "./Review";
import type { action, loader, ReplyForm } from "./route.server";

export { action, loader } from "./route.server";

/** docs/product.md#live-prices: the buy/sell screen refreshes every 3 s. */
const REFRESH_MS = 3_000;

export const handle: PageHandle = {
  i18n: [
    "trade:trading",
    "quotes",
    "trade:side",
    "trade:quantity",
    "trade:positionType",
    "trade:sell",
    "trade:review",
    "trade:offline",
    "trade:currency",
    "trade:orderKinds",
  ],
  titleKey: "trade:trading.title",
};
export const links = tradeLinks;
export const headers = noStoreHeaders;

/**
 * With JS, a submit whose request or reply the network lost never reached (or never came back from) the
 * server: say so on the form and keep it, instead of the error page. For a Confirm the outcome is unknown;
 * confirming again sends the same key (docs/product.md#networks).
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent") === "confirm" ? "confirm" : "review";
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return {
      clientFailure: intent === "confirm" ? ("unknown" as const) : ("offline" as const),
      form: intent === "confirm" ? ("confirm" as ReplyForm) : ("order" as ReplyForm),
    };
  }
}

/** After a submit the network lost, the page keeps what it shows: reloading would fail the same way. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "clientFailure" in actionResult ? false : defaultShouldRevalidate;

export default function TradingPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof clientAction>();
  const location = useLocation();
  const { t } = useTranslation("trade");
  const live = useLiveQuotes([data.target.symbol], REFRESH_MS, data.asOf);
  const fresh = live.get(data.target.symbol);
  const quote = fresh ? { ...data.quote, ...fresh } : data.quote;

  const lastResult = reply && "result" in reply ? reply.result : undefined;
  const clientFailure = reply && "clientFailure" in reply ? reply.clientFailure : null;
  const showReview = data.review !== null && reply?.form !== "order";
  return (
    <div className="tr-page">
      <h1 className="tr-h1" tabIndex={-1}>
        {data.target.name}
        {data.display !== data.target.name ? <span className="tr-sym tr-muted"> {data.display}</span> : null}
      </h1>
      <LinkTabs
        label={t("trading.sides")}
        tabs={(["buy", "sell"] as const).map((side) => ({
          to: orderHref(data.target, { type: side }),
          label: t(`side.${side}`),
          current: side === data.side,
        }))}
      />
      <QuotePanel
        name={data.target.name}
        market={data.target.market}
        quote={quote}
        asOf={live.asOf}
        stale={live.stale}
      />
      {/* Keyed by what the customer is looking at: a new form or review is a new reference price. */}
      <PriceMoveNotice
        key={`${location.search}|${showReview ? "review" : "form"}`}
        reference={showReview ? data.review!.price : data.quote.price}
        live={quote.price}
        market={data.target.market}
      />
      {showReview ? (
        <Review key={data.review!.key} data={data} lastResult={lastResult} clientFailure={clientFailure} />
      ) : (
        // A new URL (tab switch, a step without JS, "Change order") brings new starting values: a fresh form.
        <OrderForm
          key={location.search}
          data={data}
          livePrice={quote.price}
          lastResult={lastResult}
          clientFailure={clientFailure}
        />
      )}
    </div>
  );
}
