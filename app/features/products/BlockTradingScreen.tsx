import { Form, useActionData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { Pager } from "~/components/ui/Pager";
import { useMoneyReply } from "~/forms/client-action";
import { hiddenProps } from "~/forms/hidden";
import type { LastSubmit } from "~/forms/reply";
import { useZodForm } from "~/forms/useZodForm";
import type { TFunction } from "~/i18n/config";
import {
  currencyOfMarket,
  formatDate,
  formatFeeRate,
  formatInteger,
  formatMarketMoney,
  formatMoney,
  type FormatContext,
} from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { OfferFigures } from "~/provider/products.server";
import { money, toBig } from "~/utils/decimal";
import { walletEstimate } from "~/utils/estimate";

import type { BlockScreenData, BuyStep } from "./block.server";
import { Figures, type Figure } from "./Figures";
import { ListFailed } from "./ListFailed";
import { BLOCK_HREFS } from "./molds";
import { OfferItem } from "./OfferItem";
import { NoTransactionPassword, PurchaseReview, type ConfirmReply, type ProductReply } from "./PurchaseReview";
import { PurchaseScreen } from "./PurchaseScreen";
import { BELOW_MINIMUM_HINT_MS, BLOCK_STEP } from "./quantity";
import { QuantityStepDialog } from "./QuantityStepDialog";
import { useQuantityInput } from "./useQuantityInput";

/**
 * Block trading and QIP (docs/product.md#block-trading): search, offers, and a purchase in two steps, buy (quantity)
 * then "check your purchase" (transaction password, Confirm). Each step has its own URL (`?buy=`, `&step=review&key=`):
 * without JS a page, with JS a native modal dialog over the list (docs/decisions/0135).
 */
export function BlockTradingScreen({ data }: { data: BlockScreenData }) {
  const { t } = useTranslation("products");
  const location = useLocation();
  const hrefs = BLOCK_HREFS[data.mold];
  const listHref = hrefs.screen({ code: data.code || undefined, page: data.page });
  const { review, amount, confirm } = useMoneyReply(useActionData<ProductReply>(), data.buy ? data.review : null);
  return (
    <PurchaseScreen
      heading={t(data.mold === "bulk" ? "block.heading" : "block.qipHeading")}
      orders={{ href: hrefs.orders(), label: t(data.mold === "bulk" ? "block.ordersLink" : "block.qipOrdersLink") }}
      list={<OfferList data={data} />}
      gone={
        data.buyGone
          ? { title: t("buy.goneTitle"), message: t("buy.offerGone"), href: listHref, backLabel: t("buy.backToOffers") }
          : null
      }
      step={
        data.buy && review ? (
          <BlockReviewStep key={review.key} data={data} buy={data.buy} review={review} {...confirm} />
        ) : data.buy ? (
          <BuyForm key={location.search} data={data} buy={data.buy} {...amount} />
        ) : null
      }
    />
  );
}

function OfferList({ data }: { data: BlockScreenData }) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  const hrefs = BLOCK_HREFS[data.mold];
  const inputId = `${data.mold}-code`;
  const errorId = `${inputId}-error`;
  return (
    <>
      <Form method="get" action={hrefs.screen()} role="search" aria-label={t("block.searchForm")} className="pr-search">
        <label htmlFor={inputId}>{t("block.searchLabel")}</label>
        {data.codeError ? (
          <p id={errorId} className="field__error">
            {data.codeError}
          </p>
        ) : null}
        <div className="pr-search__row">
          <input
            id={inputId}
            name="code"
            type="search"
            defaultValue={data.code}
            maxLength={32}
            autoComplete="off"
            aria-invalid={data.codeError ? true : undefined}
            aria-describedby={data.codeError ? errorId : undefined}
          />
          <button type="submit" className="button">
            {t("block.search")}
          </button>
        </div>
      </Form>
      <section aria-labelledby="offers-heading">
        <h2 id="offers-heading">{t("block.offersHeading")}</h2>
        {data.failed ? (
          <ListFailed
            retryHref={hrefs.screen({ code: data.code || undefined, page: data.page })}
            message={t("block.loadFailed")}
            retryLabel={t("block.retry")}
          />
        ) : data.offers.length === 0 ? (
          <p className="pr-empty">{data.code ? t("block.noMatch", { code: data.code }) : t("block.empty")}</p>
        ) : (
          <ul className="list pr-items">
            {data.offers.map((offer) => (
              <OfferItem
                key={offer.id}
                level={3}
                title={offer.name}
                muted={offer.display}
                figures={[
                  ...offerTerms(t, fmt, offer),
                  {
                    label: t("block.closes"),
                    value: <time dateTime={offer.closesAt}>{formatDate(offer.closesAt, fmt)}</time>,
                  },
                ]}
                buy={
                  offer.status === 1
                    ? {
                        label: t("block.buy"),
                        href: hrefs.screen({ code: data.code || undefined, page: data.page, item: offer.id }),
                      }
                    : { label: t("block.buy"), unavailable: t("block.opens", { date: formatDate(offer.opensAt, fmt) }) }
                }
              />
            ))}
          </ul>
        )}
        <Pager
          page={data.page}
          pageCount={data.pageCount}
          total={data.total}
          hrefFor={(page) => hrefs.screen({ code: data.code || undefined, page })}
        />
      </section>
    </>
  );
}

/**
 * The quantity step: digits only, at least the offer's minimum (a too-small quantity left for 3 s says so, with JS;
 * without JS the server says it on the field), − never below the minimum and + never past what the balance buys; a
 * typed quantity past it says so on the field at once (and the action refuses it before any review).
 */
function BuyForm({
  data,
  buy,
  lastResult,
  offline,
}: {
  data: BlockScreenData;
  buy: BuyStep;
} & LastSubmit) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  const hrefs = BLOCK_HREFS[data.mold];
  const offer = buy.offer;
  const listQuery = { code: data.code || undefined, page: data.page };
  const form = useZodForm({
    id: "block-buy",
    schema: () =>
      import("./block.schema").then((m) => m.createBlockReviewSchema(t, { min: offer.minimum, max: buy.maximum })),
    constraint: buy.constraint.review,
    lastResult,
    defaultValue: { buy: String(offer.id), quantity: buy.quantity },
    offline,
    offlineMessage: t("review.offlineForm"),
  });
  const step = { ...form, ...useQuantityInput(form, buy) };
  const { fields, quantity } = step;
  const belowHint = useBelowMinimumHint(quantity, offer.minimum);
  const total = quantity !== null && quantity > 0 ? money(toBig(offer.price).times(quantity)) : null;
  const exchange = buy.exchange;
  const conversion = exchange?.conversion ?? null;

  /** The total in the offer's currency and, for an offer in another, what the wallet pays (docs/decisions/0300). */
  function totalLine(amount: string, count: number): string {
    const shown = formatMarketMoney(amount, fmt, offer.market);
    if (!conversion) return t("buy.total", { total: shown });
    // As the provider charges it: price × quantity × rate and the fee on that, each rounded once (decision 0145).
    const wallet = walletEstimate({
      side: "buy",
      price: offer.price,
      quantity: count,
      feeRate: buy.feeRate,
      rate: conversion.rate,
    });
    return t(exchange?.moves ? "buy.totalConverted" : "buy.totalConvertedFixed", {
      total: shown,
      wallet: formatMoney(wallet.net, fmt),
    });
  }
  return (
    <QuantityStepDialog
      step={step}
      title={t("buy.title", { name: offer.name })}
      closeHref={hrefs.screen(listQuery)}
      action={hrefs.screen({ ...listQuery, item: offer.id })}
      intro={
        <>
          <Figures
            items={[
              ...offerTerms(t, fmt, offer),
              {
                label: t("buy.maximum"),
                value: buy.maximum === null ? "—" : formatInteger(buy.maximum, fmt),
                numeric: true,
              },
              {
                label: t("buy.balance"),
                value: buy.balance === null ? "—" : formatMoney(buy.balance, fmt),
                numeric: true,
              },
              exchange?.words ? { label: t("block.rate"), value: exchange.words } : null,
            ]}
          />
          {exchange && !conversion ? (
            <p className="notice">{t("block.noRate", { from: exchange.from, to: exchange.to })}</p>
          ) : null}
          {buy.maximum !== null && buy.maximum < offer.minimum ? (
            <p className="notice">{t("buy.noneAffordable", { min: formatInteger(offer.minimum, fmt) })}</p>
          ) : null}
          {buy.passwordSet ? null : <NoTransactionPassword />}
        </>
      }
      hidden={
        <>
          <input {...hiddenProps(fields.buy, String(offer.id))} />
          {/* For a − / + press without JS (a GET of this form): the list it came from. */}
          {data.code ? <input type="hidden" name="code" value={data.code} /> : null}
          {data.page > 1 ? <input type="hidden" name="page" value={data.page} /> : null}
        </>
      }
      range={{
        min: offer.minimum,
        max: buy.maximum !== null && buy.maximum >= offer.minimum ? buy.maximum : null,
        step: BLOCK_STEP,
        start: offer.minimum,
      }}
      boundNotes={{
        min: t("buy.belowMinimum", { min: offer.minimum }),
        max: t("buy.aboveMaximum", { max: buy.maximum ?? 0 }),
      }}
      typedError={
        belowHint
          ? t("buy.belowMinimum", { min: offer.minimum })
          : quantity !== null && buy.maximum !== null && quantity >= offer.minimum && quantity > buy.maximum
            ? t("buy.aboveMaximum", { max: buy.maximum })
            : null
      }
      stepper={{ up: t("buy.increase"), down: t("buy.decrease"), review: t("buy.review") }}
      field={{ label: t("buy.quantity"), hint: t("buy.quantityHint", { min: formatInteger(offer.minimum, fmt) }) }}
      total={total === null || quantity === null ? t("buy.totalNone") : totalLine(total, quantity)}
      canReview={buy.passwordSet}
      cancelLabel={t("buy.cancel")}
    />
  );
}

/**
 * An offer's block price and minimum quantity, as the list and the buy step show them; a price in another currency
 * than the wallet's says which (docs/decisions/0300).
 */
function offerTerms(t: TFunction<"products">, fmt: FormatContext, offer: OfferFigures): Figure[] {
  return [
    {
      label: priceLabel(t, fmt, offer.market),
      value: formatMarketMoney(offer.price, fmt, offer.market),
      numeric: true,
    },
    { label: t("block.minimum"), value: formatInteger(offer.minimum, fmt), numeric: true },
  ];
}

/** "Block price", or "Block price (USD)" for an offer priced in another currency than the wallet's. */
function priceLabel(t: TFunction<"products">, fmt: FormatContext, market: string): string {
  const currency = currencyOfMarket(market);
  return currency && currency !== fmt.deployment.currency ? t("block.priceIn", { currency }) : t("block.price");
}

/**
 * True once a typed quantity has stayed below the minimum for 3 s (docs/product.md#block-trading): the hint waits
 * until the customer has stopped typing, so "1" on the way to "150" does not flash a warning.
 */
function useBelowMinimumHint(quantity: number | null, minimum: number): boolean {
  const below = quantity !== null && quantity < minimum;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(false);
    if (!below) return;
    const timer = window.setTimeout(() => setShown(true), BELOW_MINIMUM_HINT_MS);
    return () => window.clearTimeout(timer);
  }, [below, quantity]);
  return below && shown;
}

function BlockReviewStep({
  data,
  buy,
  review,
  ...reply
}: { data: BlockScreenData; buy: BuyStep; review: NonNullable<BlockScreenData["review"]> } & ConfirmReply) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  const hrefs = BLOCK_HREFS[data.mold];
  const offer = buy.offer;
  const amount = (value: string) => formatMarketMoney(value, fmt, offer.market);
  const percent = formatFeeRate(buy.feeRate, fmt);
  const rows = [
    { label: t("review.stock"), value: `${offer.name} (${offer.display})` },
    { label: t("review.quantity"), value: formatInteger(review.quantity, fmt) },
    { label: priceLabel(t, fmt, offer.market), value: formatMarketMoney(offer.price, fmt, offer.market) },
    { label: t("review.total"), value: amount(review.estimate.total) },
    { label: t("review.fee", { rate: percent }), value: amount(review.estimate.fee) },
    { label: t("review.cost"), value: amount(review.estimate.net) },
  ];
  // docs/decisions/0300: an offer in another currency is charged in wallet money at the provider's rate.
  const wallet = review.wallet;
  if (wallet)
    rows.push({
      label: t(buy.exchange?.moves ? "block.walletCostEstimate" : "block.walletCost"),
      value: formatMoney(wallet.net, fmt),
    });
  if (review.balance !== null) rows.push({ label: t("buy.balance"), value: formatMoney(review.balance, fmt) });
  const notes = review.rateNote ? [review.rateNote] : [];
  const listQuery = { code: data.code || undefined, page: data.page };
  return (
    <PurchaseReview
      title={t("review.title")}
      rows={rows}
      notes={notes}
      hidden={{ buy: String(offer.id), quantity: String(review.quantity), idempotency_key: review.key }}
      confirmLabel={t("review.confirm")}
      changeHref={hrefs.screen({ ...listQuery, item: offer.id, quantity: review.quantity })}
      ordersHref={hrefs.orders()}
      {...reply}
      schema={() =>
        import("./block.schema").then((m) =>
          m.createBlockConfirmSchema(t, { min: buy.offer.minimum, max: buy.maximum }),
        )
      }
      constraint={buy.constraint.confirm}
      password={{ isSet: buy.passwordSet }}
    />
  );
}
