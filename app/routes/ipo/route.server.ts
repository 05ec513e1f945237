/**
 * /ipo's loader and action (re-exported by route.tsx, which keeps the screen): the IPO list, the apply step's
 * quantity and review from the URL, and the Review / Confirm posts. A module of its own so that the browser's route
 * chunk imports no shared server module (docs/decisions/0159-js-budget.md).
 */
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { purchaseConfirm } from "~/features/products/purchase.server";
import { IPO_STEP, boundBroken, readQuantity, stepWithin } from "~/features/products/quantity";
import { rateConversion, reviewRate } from "~/features/trading/order.server";
import { rateText } from "~/features/trading/rate-text";
import { refuse, submitToProvider, toReview } from "~/forms/action.server";
import { IDEMPOTENCY_KEY } from "~/forms/idempotency";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { currencyName, walletConversion, walletCurrencies, type WalletConversion } from "~/i18n/currency";
import { formatInteger, formatMarketMoney, formatMoney } from "~/i18n/format";
import { attempt, failureMessage, logFailure } from "~/provider/failures.server";
import {
  applyForIpo,
  getBalance,
  getIpos,
  ipoFigures,
  type IpoApplicationRow,
  type IpoFigures,
} from "~/provider/products.server";
import type { Toast } from "~/session/toast";
import { money, toBig } from "~/utils/decimal";
import { walletEstimate } from "~/utils/estimate";
import { ipoHref, ipoOrdersHref } from "~/utils/hrefs";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

import { ipoUnavailableReason } from "./reasons";
import { createIpoConfirmSchema, createIpoReviewSchema } from "./schema";
import type { IpoPageData, IpoReview } from "./types";

const readId = (value: unknown) => (typeof value === "string" && /^[0-9]{1,10}$/.test(value) ? Number(value) : null);

async function loadIpos(context: UserRequestContext) {
  const ipos = await attempt(getIpos(context.provider));
  if (!ipos.ok) logFailure("ipo list", ipos.failure);
  return ipos.ok ? ipos.data.map((row) => ipoFigures(row, context.deployment)) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "products");
  const { t } = context;
  const query = new URL(request.url).searchParams;
  const ipos = await loadIpos(context);
  const id = readId(query.get("apply"));
  const ipo = id === null ? undefined : ipos?.find((row) => row.id === id);
  let apply: IpoPageData["apply"] = null;
  let review: IpoReview | null = null;
  if (ipo) {
    const range = { min: ipo.min, max: ipo.max };
    const typed = query.get("quantity")?.slice(0, 12) ?? null;
    const step = query.get("step");
    let quantity = typed ?? String(ipo.max);
    let stepNote: string | null = null;
    if (step === "up" || step === "down") {
      const stepped = stepWithin(typed, step, { ...range, step: IPO_STEP, start: ipo.max });
      quantity = String(stepped.quantity);
      stepNote = stepped.bound
        ? t(stepped.bound === "min" ? "ipo.atMinimum" : "ipo.atMaximum", { min: ipo.min, max: ipo.max })
        : null;
    }
    const key = query.get("key") ?? "";
    const count = readQuantity(typed);
    const reviewing =
      step === "review" &&
      ipo.canApply &&
      IDEMPOTENCY_KEY.test(key) &&
      count !== null &&
      !boundBroken(count, ipo.min, ipo.max);
    // docs/decisions/0191: a US IPO on INR is held in rupees at the pair's rate; the step and the review say how much.
    const [rate, balance] = await Promise.all([
      reviewRate(context, ipo.market),
      reviewing ? attempt(getBalance(context.provider)) : null,
    ]);
    if (balance && !balance.ok) logFailure("ipo balance", balance.failure);
    const conversion = rateConversion(rate, ipo.market, context.fmt);
    apply = {
      ipo,
      quantity,
      stepNote,
      rate: rate && { pair: rate.pair, conversion },
    };
    if (reviewing && count !== null) {
      review = {
        key,
        quantity: count,
        amount: money(toBig(ipo.price).times(count)),
        walletAmount: rate
          ? conversion
            ? walletEstimate({ side: "buy", price: ipo.price, quantity: count, feeRate: "0", rate: conversion.rate })
                .net
            : null
          : money(toBig(ipo.price).times(count)),
        balance: balance?.ok ? balance.data : null,
        rateNote: rate ? ipoRateNote(context, ipo.market, rate.pair, conversion) : null,
      };
    }
  }
  const data: IpoPageData = {
    ipos: ipos ?? [],
    failed: ipos === null,
    apply,
    applyGone: id !== null && ipos !== null && !ipo,
    review,
  };
  return json(data, { status: ipos === null ? 503 : 200, headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "products");
  const { t } = context;
  const formData = await request.formData();
  const id = readId(formData.get("apply"));
  const ipo = id === null ? undefined : (await loadIpos(context))?.find((row) => row.id === id);
  const range = ipo ? { min: ipo.min, max: ipo.max } : { min: 1, max: 1 };

  if (formData.get("intent") !== "confirm") {
    const submission = parseWithZod(formData, { schema: createIpoReviewSchema(t, range) });
    if (!ipo) return refuse(submission, { form: "amount", formErrors: [t("ipo.gone")] });
    if (submission.status !== "success") return refuse(submission, { form: "amount" });
    if (!ipo.canApply)
      return refuse(submission, { form: "amount", formErrors: [ipoUnavailableReason(t, ipo, context.fmt)] });
    // A new intent: its idempotency key is minted here, once, and travels in the review's URL from now on.
    return toReview(context.provider, (key) =>
      ipoHref({ item: ipo.id, quantity: submission.value.quantity, step: "review", key }),
    );
  }

  const submission = parseWithZod(formData, { schema: createIpoConfirmSchema(t, range) });
  const confirm = purchaseConfirm(t);
  if (!ipo) return refuse(submission, { ...confirm, formErrors: [t("ipo.gone")] });
  if (submission.status !== "success") return refuse(submission, confirm);
  return submitToProvider(submission, {
    ...confirm,
    t,
    where: "ipo apply",
    call: ({ quantity, idempotency_key }) =>
      applyForIpo(context.provider, {
        id: ipo.id,
        tag: ipo.symbol,
        count: quantity,
        price: ipo.price,
        idempotencyKey: idempotency_key,
      }),
    success: (application) => ({ to: ipoOrdersHref(), toast: appliedToast(context, ipo, application) }),
    message: (failure) => failureMessage(t, failure, "products:ipo.failed"),
  });
}

/**
 * The toast after an application: what is held; for an IPO in another currency, the wallet money held and the rate
 * the provider applied (docs/decisions/0191), from the application it answered with.
 */
function appliedToast(context: UserRequestContext, ipo: IpoFigures, application: IpoApplicationRow): Toast {
  const values = {
    qty: formatInteger(application.count, context.fmt),
    symbol: ipo.display,
    amount: formatMarketMoney(application.amount, context.fmt, ipo.market),
  };
  const conversion =
    application.fx_source && application.fx_source !== "same_currency" && application.fx_rate !== undefined
      ? walletConversion(ipo.market, context.fmt, {
          rate: application.fx_rate,
          source: application.fx_source,
          at: application.created_at,
        })
      : null;
  if (!conversion || !application.wallet_amount) return { key: "products:toast.ipoApplied", values };
  return {
    key: "products:toast.ipoAppliedConverted",
    values: {
      ...values,
      wallet: formatMoney(application.wallet_amount, context.fmt),
      rate: rateText(context.t, conversion, context.fmt),
    },
  };
}

/** The review's note on the currencies and the rate the estimate uses (or, without a quote, only the pair's name). */
function ipoRateNote(
  context: UserRequestContext,
  market: string,
  pair: string,
  conversion: WalletConversion | null,
): string | null {
  const currencies = walletCurrencies(market, context.fmt);
  if (!currencies) return null;
  return context.t(conversion ? "ipo.rateNote" : "ipo.rateAtApplyNote", {
    from: currencies.from,
    to: currencies.to,
    fromName: currencyName(currencies.from, context.fmt),
    toName: currencyName(currencies.to, context.fmt),
    rate: conversion ? rateText(context.t, conversion, context.fmt) : "",
    pair,
  });
}
