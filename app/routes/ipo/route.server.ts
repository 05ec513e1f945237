/**
 * /ipo's loader and action (re-exported by route.tsx, which keeps the screen): the IPO list, the apply step's
 * quantity and review from the URL, and the Review / Confirm posts. A module of its own so that the browser's route
 * chunk imports no shared server module (docs/decisions/0159-js-budget.md).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { purchaseConfirm, purchaseToast } from "~/features/products/purchase.server";
import {
  IPO_STEP,
  boundBroken,
  ipoMaximum,
  ipoStartQuantity,
  readQuantity,
  stepWithin,
} from "~/features/products/quantity";
import { rateConversion, reviewRate, type ReviewRate } from "~/features/trading/order.server";
import { rateText } from "~/features/trading/rate-text";
import { parseWithZod, refuse, submitToProvider, toReview } from "~/forms/action.server";
import { formConstraint } from "~/forms/constraint.server";
import { IDEMPOTENCY_KEY } from "~/forms/idempotency";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { appliedConversion, currencyName, walletCurrencies, type WalletConversion } from "~/i18n/currency";
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

import { ipoBalanceLimit, ipoUnavailableReason } from "./reasons";
import type { IpoPageData, IpoReview } from "./types";

const readId = (value: unknown) => (typeof value === "string" && /^[0-9]{1,10}$/.test(value) ? Number(value) : null);

async function loadIpos(context: UserRequestContext) {
  const ipos = await attempt(getIpos(context.provider));
  if (!ipos.ok) logFailure("ipo list", ipos.failure);
  return ipos.ok ? ipos.data.map((row) => ipoFigures(row, context.deployment)) : null;
}

/** What bounds an application by money: the rate of an IPO in another currency, the balance, the most it holds. */
interface IpoMoney {
  rate: ReviewRate | null;
  conversion: WalletConversion | null;
  balance: string | null;
  /** ipoMaximum in wallet money; null when the balance, or the rate of an IPO in another currency, is unknown. */
  most: number | null;
}

async function ipoMoney(context: UserRequestContext, ipo: IpoFigures): Promise<IpoMoney> {
  // docs/decisions/0191: a US IPO on INR is held in rupees at the pair's rate; the step and the review say how much.
  const [rate, balance] = await Promise.all([reviewRate(context, ipo.market), attempt(getBalance(context.provider))]);
  if (!balance.ok) logFailure("ipo balance", balance.failure);
  const conversion = rateConversion(rate, ipo.market, context.fmt);
  const walletRate = rate ? (conversion?.rate ?? null) : "1";
  const available = balance.ok ? balance.data : null;
  return {
    rate,
    conversion,
    balance: available,
    most: available === null || walletRate === null ? null : ipoMaximum(available, ipo.price, walletRate),
  };
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
    const { rate, conversion, balance, most } = await ipoMoney(context, ipo);
    // docs/product.md#ipo: the step starts at the most the balance holds, on the IPO's step.
    const start = ipoStartQuantity(range, most);
    const typed = query.get("quantity")?.slice(0, 12) ?? null;
    const step = query.get("step");
    let quantity = typed ?? String(start);
    let stepNote: string | null = null;
    if (step === "up" || step === "down") {
      const stepped = stepWithin(typed, step, { ...range, step: IPO_STEP, start });
      quantity = String(stepped.quantity);
      stepNote = stepped.bound
        ? t(stepped.bound === "min" ? "ipo.atMinimum" : "ipo.atMaximum", { min: ipo.min, max: ipo.max })
        : null;
    }
    const key = query.get("key") ?? "";
    const count = readQuantity(typed);
    // A review the URL describes for more than the balance holds is no review: the step says why on the field.
    const reviewing =
      step === "review" &&
      ipo.canApply &&
      IDEMPOTENCY_KEY.test(key) &&
      count !== null &&
      !boundBroken(count, ipo.min, ipo.max) &&
      (most === null || count <= most);
    const { createIpoConfirmSchema, createIpoReviewSchema } = await import("./schema");
    const constraint = {
      review: formConstraint(createIpoReviewSchema(t, range)),
      confirm: formConstraint(createIpoConfirmSchema(t, range)),
    };
    apply = {
      ipo,
      constraint,
      quantity,
      stepNote,
      rate: rate && { conversion },
      balance,
      most,
      start,
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
        balance,
        rateNote: rate ? ipoRateNote(context, ipo.market, conversion) : null,
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
    // The balance is checked here, on the quantity field, before any review (docs/product.md#ipo).
    const held = ipo ? await ipoMoney(context, ipo) : null;
    const balance = ipo && held ? ipoBalanceLimit(t, context.fmt, ipo, held) : null;
    const { createIpoReviewSchema } = await import("./schema");
    const submission = parseWithZod(formData, { schema: createIpoReviewSchema(t, { ...range, balance }) });
    if (!ipo) return refuse(submission, { form: "amount", formErrors: [t("ipo.gone")] });
    if (submission.status !== "success") return refuse(submission, { form: "amount" });
    if (!ipo.canApply)
      return refuse(submission, { form: "amount", formErrors: [ipoUnavailableReason(t, ipo, context.fmt)] });
    // A new intent: its idempotency key is minted here, once, and travels in the review's URL from now on.
    return toReview(context.provider, (key) =>
      ipoHref({ item: ipo.id, quantity: submission.value.quantity, step: "review", key }),
    );
  }

  const { createIpoConfirmSchema } = await import("./schema");
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
 * The toast after an application: what is held and, for an IPO in another currency, the wallet money held
 * (docs/decisions/0191).
 */
function appliedToast(context: UserRequestContext, ipo: IpoFigures, application: IpoApplicationRow): Toast {
  const keys = { plain: "products:toast.ipoApplied", converted: "products:toast.ipoAppliedConverted" };
  const conversion = appliedConversion(ipo.market, context.fmt, application);
  const rate = conversion && rateText(context.t, conversion, context.fmt);
  return purchaseToast(context.fmt, keys, ipo, application, { amount: application.amount }, rate);
}

/** The review's note on the currencies and the rate the estimate uses (or, without a quote, only the pair's name). */
function ipoRateNote(context: UserRequestContext, market: string, conversion: WalletConversion | null): string | null {
  const currencies = walletCurrencies(market, context.fmt);
  if (!currencies) return null;
  return context.t(conversion ? "ipo.rateNote" : "ipo.rateAtApplyNote", {
    from: currencies.from,
    to: currencies.to,
    fromName: currencyName(currencies.from, context.fmt),
    toName: currencyName(currencies.to, context.fmt),
    rate: conversion ? rateText(context.t, conversion, context.fmt) : "",
  });
}
