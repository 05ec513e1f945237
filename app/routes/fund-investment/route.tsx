/**
 * /fund-investment (auth; docs/product.md#funds): the funds, ten per page (name, return range, period, the amount one
 * purchase invests, issued and sold amounts). Investing is "Invest" (a POST that mints the intent's idempotency key),
 * then "check your investment" at `?invest=<id>&step=review&key=` (a page without JS, a dialog with it) and Confirm.
 * Success goes to /fund-investment/orders; a refusal is the translated investment-failed message. A fund whose amount
 * is more than the available balance is refused on Invest, before any review, with both amounts in words.
 */
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { IntentForm } from "~/components/ui/IntentForm";
import { Pager } from "~/components/ui/Pager";
import { periodText, returnAmounts, returnRangeText } from "~/features/products/funds";
import { ListFailed } from "~/features/products/ListFailed";
import { OfferItem } from "~/features/products/OfferItem";
import { PurchaseReview, type ProductReply } from "~/features/products/PurchaseReview";
import { PurchaseScreen } from "~/features/products/PurchaseScreen";
import { productLinks } from "~/features/products/route-exports";
import { keepAfterClientFailure, moneyClientAction, useMoneyReply } from "~/forms/client-action";
import type { LastSubmit } from "~/forms/reply";
import { noStoreHeaders } from "~/http/no-store";
import type { TFunction } from "~/i18n/config";
import { formatMoney, type FormatContext } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { FundFigures } from "~/provider/products.server";
import { fundOrdersHref, fundsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

import type { action, FundsPageData, loader } from "./route.server";

export { action, loader } from "./route.server";
export type { FundsPageData } from "./route.server";

export const handle: PageHandle = {
  i18n: ["products:funds", "products:block", "products:buy", "products:review", "products:orders", "products:period"],
  titleKey: "products:funds.title",
};
export const links = productLinks;
export const headers = noStoreHeaders;

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function FundsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("products");
  const fmt = useFormat();
  // The review stays whatever the reply: the Invest forms post without it.
  const { amount, confirm } = useMoneyReply(useActionData<ProductReply>(), null);
  const review = data.review;
  return (
    <PurchaseScreen
      heading={t("funds.heading")}
      orders={{ href: fundOrdersHref(), label: t("funds.ordersLink") }}
      list={
        <>
          {data.investGone ? <p className="notice">{t("funds.gone")}</p> : null}
          {data.investShort ? <p className="notice">{data.investShort}</p> : null}
          <FundList data={data} {...amount} />
        </>
      }
      step={
        review ? (
          <PurchaseReview
            key={review.key}
            title={t("funds.reviewTitle")}
            rows={[
              { label: t("funds.fund"), value: review.fund.name },
              { label: t("funds.amount"), value: formatMoney(review.fund.amount, fmt) },
              { label: t("funds.period"), value: periodText(t, review.fund.days) },
              { label: t("funds.range"), value: returnRangeText(t, review.fund.minReturn, review.fund.maxReturn, fmt) },
              { label: t("funds.expected"), value: expectedRange(review.fund, fmt, t) },
              ...(review.balance === null
                ? []
                : [{ label: t("buy.balance"), value: formatMoney(review.balance, fmt) }]),
            ]}
            notes={[t("funds.reviewNote")]}
            hidden={{ invest: String(review.fund.id), idempotency_key: review.key }}
            confirmLabel={t("funds.confirm")}
            changeHref={fundsHref({ page: data.page })}
            ordersHref={fundOrdersHref()}
            {...confirm}
            schema={() => import("./schema").then((m) => m.createFundConfirmSchema(t))}
            constraint={data.confirmConstraint}
          />
        ) : null
      }
    />
  );
}

/** What the amount returns at each end of the range: the provider fixes the rate within it at purchase. */
function expectedRange(fund: FundFigures, fmt: FormatContext, t: TFunction<"products">) {
  const { low, high } = returnAmounts(fund.amount, fund.minReturn, fund.maxReturn);
  return t("funds.expectedValue", { low: formatMoney(low, fmt), high: formatMoney(high, fmt) });
}

function FundList({
  data,
  lastResult,
  offline,
}: {
  data: FundsPageData;
} & LastSubmit) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  const navigation = useNavigation();
  // The Invest forms are intent-only; a refused one (a fund gone or sold out meanwhile) is said at the top, read
  // from the reply itself (as on /records).
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const errors = [...(lastResult?.error?.[""] ?? []), ...(offline ? [t("review.offlineForm")] : [])];
  if (data.failed)
    return (
      <ListFailed
        retryHref={fundsHref({ page: data.page })}
        message={t("funds.loadFailed")}
        retryLabel={t("block.retry")}
      />
    );
  return (
    <>
      <FormErrorSummary
        fields={[]}
        formErrors={errors}
        formId="funds-list"
        lastResult={offline ? { status: "error" } : lastResult}
      />
      {data.funds.length === 0 ? (
        <p className="pr-empty">{t("funds.empty")}</p>
      ) : (
        <ul className="list pr-items" id="funds-list" aria-label={t("funds.listLabel")}>
          {data.funds.map((fund) => (
            <OfferItem
              key={fund.id}
              level={2}
              title={fund.name}
              figures={[
                {
                  label: t("funds.range"),
                  value: returnRangeText(t, fund.minReturn, fund.maxReturn, fmt),
                  numeric: true,
                },
                { label: t("funds.period"), value: periodText(t, fund.days) },
                { label: t("funds.amount"), value: formatMoney(fund.amount, fmt), numeric: true },
                { label: t("funds.issued"), value: formatMoney(fund.issued, fmt), numeric: true },
                { label: t("funds.sold"), value: formatMoney(fund.sold, fmt), numeric: true },
              ]}
              buy={
                fund.soldOut
                  ? { label: t("funds.invest"), unavailable: t("funds.soldOutReason") }
                  : {
                      label: t("funds.invest"),
                      form: (label) => (
                        <IntentForm
                          action={fundsHref({ page: data.page })}
                          intent="review"
                          values={{ invest: fund.id }}
                          formProps={{ preventScrollReset: true }}
                          className="button button--small"
                          disabled={busy}
                        >
                          {label}
                        </IntentForm>
                      ),
                    }
              }
            />
          ))}
        </ul>
      )}
      <Pager page={data.page} pageCount={data.pageCount} total={data.total} hrefFor={(page) => fundsHref({ page })} />
    </>
  );
}
