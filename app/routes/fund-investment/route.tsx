/**
 * /fund-investment (auth; docs/product.md#funds): the funds, ten per page (name, return range, period, the amount one
 * purchase invests, issued and sold amounts). Investing is "Invest" (a POST that mints the intent's idempotency key),
 * then "check your investment" at `?invest=<id>&step=review&key=` (a page without JS, a dialog with it) and Confirm.
 * Success goes to /fund-investment/orders; a refusal is the translated investment-failed message.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { Pager } from "~/components/ui/Pager";
import { createFundConfirmSchema, createFundReviewSchema, type FormConstraint } from "~/features/products/forms.server";
import { periodText, returnAmounts, returnRangeText } from "~/features/products/funds";
import { ListFailed } from "~/features/products/ListFailed";
import { OfferItem } from "~/features/products/OfferItem";
import { PurchaseReview } from "~/features/products/PurchaseReview";
import { PurchaseScreen, usePurchaseReply } from "~/features/products/PurchaseScreen";
import { confirmPurchase, refusedConfirm } from "~/features/products/purchase.server";
import { productHeaders, productLinks } from "~/features/products/route-exports";
import { IDEMPOTENCY_KEY } from "~/features/trading/forms.server";
import { keepAfterClientFailure, moneyClientAction } from "~/features/wallet/client-action";
import { refused, toReview, type MoneyReply } from "~/features/wallet/money-form.server";
import { formatMoney, type FormatContext } from "~/format";
import { useTranslation, type TFunction } from "~/i18n-react";
import { attempt, failureMessage, logFailure, type ProviderFailure } from "~/provider/failures.server";
import { findFund, fundFigures, getFunds, purchaseFund, type FundFigures } from "~/provider/products.server";
import { requireSameOrigin } from "~/security.server";
import { useFormat } from "~/utils/format-context";
import { fundOrdersHref, fundsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { pageInfo, readPage, type PageInfo } from "~/utils/pagination";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["products"], titleKey: "products:funds.title" };
export const links = productLinks;
export const headers = productHeaders;

const NO_STORE = { "Cache-Control": "private, no-store" };

export interface FundsPageData extends PageInfo {
  funds: FundFigures[];
  failed: boolean;
  /** The review of `?invest=<id>&step=review&key=`. */
  review: { key: string; fund: FundFigures; constraint: FormConstraint } | null;
  /** `?invest=` named a fund that is not listed. */
  investGone: boolean;
}

const readId = (value: unknown) => (typeof value === "string" && /^[0-9]{1,10}$/.test(value) ? Number(value) : null);

async function fundById(context: UserRequestContext, id: number | null): Promise<FundFigures | null> {
  if (id === null) return null;
  const fund = await attempt(findFund(context.provider, id));
  if (!fund.ok) logFailure("fund", fund.failure);
  return fund.ok && fund.data ? fundFigures(fund.data) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "products");
  const query = new URL(request.url).searchParams;
  const page = readPage(query.get("page"));
  const id = readId(query.get("invest"));
  const key = query.get("key") ?? "";
  const reviewing = id !== null && query.get("step") === "review" && IDEMPOTENCY_KEY.test(key);
  const [list, fund] = await Promise.all([attempt(getFunds(context.provider, page)), fundById(context, reviewing ? id : null)]);
  if (!list.ok) logFailure("fund list", list.failure);
  const info = pageInfo(page, list.ok ? list.data.count : 0);
  if (list.ok && page > info.pageCount) throw redirect(fundsHref({ page: info.pageCount }));
  const data: FundsPageData = {
    ...info,
    funds: list.ok ? list.data.rows.map(fundFigures) : [],
    failed: !list.ok,
    review: reviewing && fund ? { key, fund, constraint: getZodConstraint(createFundConfirmSchema(context.t)) } : null,
    investGone: reviewing && !fund,
  };
  return json(data, { status: list.ok ? 200 : 503, headers: NO_STORE });
}

/** docs/product.md#errors: a refused purchase is "Investment failed", with the code's own words when it has some. */
function investmentFailed(t: UserRequestContext["t"], failure: ProviderFailure): string {
  const failed = t("products:funds.failed");
  const reason = failureMessage(t, failure, "products:funds.failed");
  return reason === failed ? failed : t("products:funds.failedBecause", { reason });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "products");
  const { t } = context;
  const page = readPage(new URL(request.url).searchParams.get("page"));
  const formData = await request.formData();
  const fund = await fundById(context, readId(formData.get("invest")));

  if (formData.get("intent") !== "confirm") {
    const submission = parseWithZod(formData, { schema: createFundReviewSchema(t) });
    if (submission.status !== "success" || !fund) return refused(submission.reply({ formErrors: [t("funds.gone")] }));
    if (fund.soldOut) return refused(submission.reply({ formErrors: [t("funds.soldOutReason")] }));
    // A new intent: its idempotency key is minted here, once, and travels in the review's URL from now on.
    return toReview((key) => fundsHref({ page, item: fund.id, step: "review", key }));
  }

  const submission = parseWithZod(formData, { schema: createFundConfirmSchema(t) });
  if (!fund) return refusedConfirm(submission, { formErrors: [t("funds.gone")] });
  if (submission.status !== "success") return refusedConfirm(submission);
  const { idempotency_key } = submission.value;
  return confirmPurchase(context, submission, {
    where: "fund purchase",
    call: () => purchaseFund(context.provider, { projectId: fund.id, idempotencyKey: idempotency_key }),
    success: (order) => ({
      to: fundOrdersHref(),
      toast: { key: "products:toast.invested", values: { amount: formatMoney(order.amount, context.fmt), name: fund.name } },
    }),
    failed: (failure) => investmentFailed(t, failure),
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function FundsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("products");
  const fmt = useFormat();
  // The review stays whatever the reply: the Invest forms post without it.
  const { amount, confirm } = usePurchaseReply(null);
  const review = data.review;
  return (
    <PurchaseScreen
      heading={t("funds.heading")}
      orders={{ href: fundOrdersHref(), label: t("funds.ordersLink") }}
      list={
        <>
          {data.investGone ? <p className="notice">{t("funds.gone")}</p> : null}
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
            ]}
            notes={[t("funds.reviewNote")]}
            hidden={{ invest: String(review.fund.id), idempotency_key: review.key }}
            confirmLabel={t("funds.confirm")}
            changeHref={fundsHref({ page: data.page })}
            ordersHref={fundOrdersHref()}
            {...confirm}
            constraint={review.constraint}
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

function FundList({ data, lastResult, offline }: { data: FundsPageData; lastResult: MoneyReply["result"] | undefined; offline: boolean }) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  const navigation = useNavigation();
  // The Invest forms are intent-only; a refused one (a fund gone or sold out meanwhile) is said at the top, read
  // from the reply itself (as on /records).
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const errors = [...(lastResult?.error?.[""] ?? []), ...(offline ? [t("review.offlineForm")] : [])];
  if (data.failed) return <ListFailed retryHref={fundsHref({ page: data.page })} message={t("funds.loadFailed")} retryLabel={t("block.retry")} />;
  return (
    <>
      <FormErrorSummary fields={[]} formErrors={errors} formId="funds-list" lastResult={offline ? { status: "error" } : lastResult} />
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
                { label: t("funds.range"), value: returnRangeText(t, fund.minReturn, fund.maxReturn, fmt), numeric: true },
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
                        <Form method="post" action={fundsHref({ page: data.page })} preventScrollReset>
                          <input type="hidden" name="invest" value={fund.id} />
                          <button type="submit" name="intent" value="review" className="button button--small" disabled={busy}>
                            {label}
                          </button>
                        </Form>
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
