/**
 * /fund-investment's loader and action (re-exported by route.tsx, which keeps the screen): a page of funds, the
 * review of `?invest=&step=review&key=`, and the Invest / Confirm posts. A module of its own so that the browser's
 * route chunk imports no shared server module (docs/decisions/0159-js-budget.md).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { purchaseConfirm } from "~/features/products/purchase.server";
import { parseWithZod, refuse, submitToProvider, toReview } from "~/forms/action.server";
import { fixedFormConstraint } from "~/forms/constraint.server";
import { IDEMPOTENCY_KEY } from "~/forms/idempotency";
import type { FormConstraint } from "~/forms/useZodForm";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { formatMoney } from "~/i18n/format";
import { attempt, failureMessage, logFailure, type ProviderFailure } from "~/provider/failures.server";
import {
  findFund,
  fundFigures,
  getBalance,
  getFunds,
  purchaseFund,
  type FundFigures,
} from "~/provider/products.server";
import { toBig } from "~/utils/decimal";
import { fundOrdersHref, fundsHref } from "~/utils/hrefs";
import { pageInfo, readPage, type PageInfo } from "~/utils/pagination";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

export interface FundsPageData extends PageInfo {
  funds: FundFigures[];
  failed: boolean;
  /** The review of `?invest=<id>&step=review&key=`; null as well when the available balance does not cover it. */
  review: { key: string; fund: FundFigures; balance: string | null } | null;
  /** The review's Confirm's native constraints (its schema loads by `import()` in the browser). */
  confirmConstraint: FormConstraint;
  /** `?invest=` named a fund that is not listed. */
  investGone: boolean;
  /** The review's fund costs more than the available balance: why there is no review (docs/product.md#funds). */
  investShort: string | null;
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
  const [list, fund, balance] = await Promise.all([
    attempt(getFunds(context.provider, page)),
    fundById(context, reviewing ? id : null),
    reviewing ? availableBalance(context) : null,
  ]);
  if (!list.ok) logFailure("fund list", list.failure);
  const info = pageInfo(page, list.ok ? list.data.count : 0);
  if (list.ok && page > info.pageCount) throw redirect(fundsHref({ page: info.pageCount }));
  // A review the URL describes for more than the balance is no review: the list says why, as Invest would have.
  const short = fund && balance ? shortOf(context, fund, balance) : null;
  const data: FundsPageData = {
    ...info,
    funds: list.ok ? list.data.rows.map(fundFigures) : [],
    failed: !list.ok,
    review: reviewing && fund && !short ? { key, fund, balance } : null,
    investGone: reviewing && !fund,
    investShort: short,
    confirmConstraint: fixedFormConstraint((await import("./schema")).createFundConfirmSchema, context.t),
  };
  return json(data, { status: list.ok ? 200 : 503, headers: NO_STORE });
}

/** The available balance, or null when it could not be read (the provider still checks the money on Confirm). */
async function availableBalance(context: UserRequestContext): Promise<string | null> {
  const balance = await attempt(getBalance(context.provider));
  if (!balance.ok) logFailure("fund balance", balance.failure);
  return balance.ok ? balance.data : null;
}

/** Why a fund cannot be bought with this balance (its amount is more), or null when the balance covers it. */
function shortOf(context: UserRequestContext, fund: FundFigures, balance: string): string | null {
  return toBig(fund.amount).gt(balance)
    ? context.t("funds.aboveBalance", {
        name: fund.name,
        amount: formatMoney(fund.amount, context.fmt),
        balance: formatMoney(balance, context.fmt),
      })
    : null;
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
    const { createFundReviewSchema } = await import("./schema");
    const submission = parseWithZod(formData, { schema: createFundReviewSchema(t) });
    if (submission.status !== "success" || !fund)
      return refuse(submission, { form: "amount", formErrors: [t("funds.gone")] });
    if (fund.soldOut) return refuse(submission, { form: "amount", formErrors: [t("funds.soldOutReason")] });
    // The balance is checked before any review (docs/product.md#funds): the fund's amount is what a purchase debits.
    const balance = await availableBalance(context);
    const short = balance === null ? null : shortOf(context, fund, balance);
    if (short) return refuse(submission, { form: "amount", formErrors: [short] });
    // A new intent: its idempotency key is minted here, once, and travels in the review's URL from now on.
    return toReview(context.provider, (key) => fundsHref({ page, item: fund.id, step: "review", key }));
  }

  const { createFundConfirmSchema } = await import("./schema");
  const submission = parseWithZod(formData, { schema: createFundConfirmSchema(t) });
  const confirm = purchaseConfirm(t);
  if (!fund) return refuse(submission, { ...confirm, formErrors: [t("funds.gone")] });
  if (submission.status !== "success") return refuse(submission, confirm);
  return submitToProvider(submission, {
    ...confirm,
    t,
    where: "fund purchase",
    call: ({ idempotency_key }) =>
      purchaseFund(context.provider, { projectId: fund.id, idempotencyKey: idempotency_key }),
    success: (order) => ({
      to: fundOrdersHref(),
      toast: {
        key: "products:toast.invested",
        values: { amount: formatMoney(order.amount, context.fmt), name: fund.name },
      },
    }),
    message: (failure) => investmentFailed(t, failure),
  });
}
