/**
 * /ipo (auth; docs/product.md#ipo): the IPOs of the deployment's markets. Only a Forthcoming IPO inside its
 * subscription window can be applied for; every other one shows a disabled Apply with the reason in words. Applying
 * is two steps with their own URLs (a page without JS, a dialog with it; docs/decisions/0138):
 * - `?apply=<id>&quantity=`: the quantity, digits only, from the IPO's min to max (1..10 until an IPO sets them),
 *   starting at the most the available balance holds on the step (the min when even that is too much); − / + step
 *   by 100 and stop at the bounds with a message; a typed value out of range, or more than the balance holds, is
 *   kept and said so on the field, never changed, and Review refuses it (400) before any review;
 * - `&step=review&key=<idempotency key>`: "check your application" (the amount held until allotment; for an IPO in
 *   another currency, the wallet's estimate at the pair's rate, the rate and the available balance, decision 0191)
 *   and Confirm. A review URL for more than the balance holds shows the quantity step instead.
 * Success goes to /ipo/orders with the application's toast.
 */
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { ListFailed } from "~/features/products/ListFailed";
import { OfferItem } from "~/features/products/OfferItem";
import { PurchaseReview, type ConfirmReply, type ProductReply } from "~/features/products/PurchaseReview";
import { PurchaseScreen } from "~/features/products/PurchaseScreen";
import { productLinks } from "~/features/products/route-exports";
import { keepAfterClientFailure, moneyClientAction, useMoneyReply } from "~/forms/client-action";
import { noStoreHeaders } from "~/http/no-store";
import type { TFunction } from "~/i18n/config";
import { walletCurrencies } from "~/i18n/currency";
import { formatDate, formatInteger, formatMarketMoney, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { ipoHref, ipoOrdersHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

import { ApplyForm } from "./ApplyForm";
import { ipoUnavailableReason } from "./reasons";
import type { action, loader } from "./route.server";
import type { ApplyStep, IpoPageData, IpoReview } from "./types";

export { action, loader } from "./route.server";

export const handle: PageHandle = {
  i18n: ["products:ipo", "products:block", "products:buy", "products:review", "products:orders"],
  titleKey: "products:ipo.title",
};
export const links = productLinks;
export const headers = noStoreHeaders;

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function IpoPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("products");
  const location = useLocation();
  const { review, amount, confirm } = useMoneyReply(useActionData<ProductReply>(), data.apply ? data.review : null);
  return (
    <PurchaseScreen
      heading={t("ipo.heading")}
      orders={{ href: ipoOrdersHref(), label: t("ipo.ordersLink") }}
      list={<IpoList data={data} />}
      gone={
        data.applyGone
          ? { title: t("ipo.goneTitle"), message: t("ipo.gone"), href: ipoHref(), backLabel: t("ipo.backToList") }
          : null
      }
      step={
        data.apply && review ? (
          <IpoReviewStep key={review.key} apply={data.apply} review={review} {...confirm} />
        ) : data.apply ? (
          <ApplyForm key={location.search} apply={data.apply} {...amount} />
        ) : null
      }
    />
  );
}

function IpoList({ data }: { data: IpoPageData }) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  if (data.failed)
    return <ListFailed retryHref={ipoHref()} message={t("ipo.loadFailed")} retryLabel={t("block.retry")} />;
  if (data.ipos.length === 0) return <p className="pr-empty">{t("ipo.empty")}</p>;
  return (
    <ul className="list pr-items" aria-label={t("ipo.listLabel")}>
      {data.ipos.map((ipo) => (
        <OfferItem
          key={ipo.id}
          level={2}
          title={ipo.company}
          muted={ipo.display}
          badge={ipoStatusName(t, ipo.status)}
          figures={[
            { label: t("ipo.price"), value: formatMarketMoney(ipo.price, fmt, ipo.market), numeric: true },
            {
              label: t("ipo.range"),
              value: t("ipo.rangeValue", { min: formatInteger(ipo.min, fmt), max: formatInteger(ipo.max, fmt) }),
              numeric: true,
            },
            {
              label: t("ipo.window"),
              value: t("ipo.windowValue", { start: formatDate(ipo.start, fmt), end: formatDate(ipo.end, fmt) }),
            },
          ]}
          buy={
            ipo.canApply
              ? { label: t("ipo.apply"), href: ipoHref({ item: ipo.id }) }
              : { label: t("ipo.apply"), unavailable: ipoUnavailableReason(t, ipo, fmt) }
          }
        />
      ))}
    </ul>
  );
}

function ipoStatusName(t: TFunction<"products">, status: string): string {
  if (status === "Forthcoming") return t("ipo.status.forthcoming");
  if (status === "Closed") return t("ipo.status.closed");
  if (status === "Listed") return t("ipo.status.listed");
  return status;
}

function IpoReviewStep({ apply, review, ...reply }: { apply: ApplyStep; review: IpoReview } & ConfirmReply) {
  const { t } = useTranslation("products");
  const ipo = apply.ipo;
  const fmt = useFormat();
  // docs/decisions/0191: an IPO in another currency is held in wallet money at the pair's rate; say how much and how.
  const currencies = walletCurrencies(ipo.market, fmt);
  const rows = [
    { label: t("ipo.company"), value: `${ipo.company} (${ipo.display})` },
    { label: t("review.quantity"), value: formatInteger(review.quantity, fmt) },
    { label: t("ipo.price"), value: formatMarketMoney(ipo.price, fmt, ipo.market) },
    { label: t("ipo.held"), value: formatMarketMoney(review.amount, fmt, ipo.market) },
  ];
  if (currencies && review.walletAmount)
    rows.push({ label: t("ipo.walletHeld"), value: formatMoney(review.walletAmount, fmt) });
  if (review.balance !== null) rows.push({ label: t("ipo.balance"), value: formatMoney(review.balance, fmt) });
  const notes = [t("ipo.heldNote")];
  if (review.rateNote) notes.push(review.rateNote);
  return (
    <PurchaseReview
      title={t("ipo.reviewTitle")}
      rows={rows}
      notes={notes}
      hidden={{ apply: String(ipo.id), quantity: String(review.quantity), idempotency_key: review.key }}
      confirmLabel={t("ipo.confirm")}
      changeHref={ipoHref({ item: ipo.id, quantity: review.quantity })}
      ordersHref={ipoOrdersHref()}
      {...reply}
      schema={() => import("./schema").then((m) => m.createIpoConfirmSchema(t, { min: ipo.min, max: ipo.max }))}
      constraint={apply.constraint.confirm}
    />
  );
}
