/**
 * /withdraw (auth; docs/product.md#withdraw): one of the customer's approved bank cards (status 1 only; none →
 * "No bank cards available" and a link to add one), a whole amount of at least 10 and at least the configured
 * minimum (default 100), the hint; then "check your answers" and one Confirm (decisions 0101, 0123). The money is
 * held at once by the provider; success goes to the withdraw records with "Withdrawal request submitted" (not
 * "successful": it is in progress until an operator approves it). An amount above the available balance is refused
 * on the field, live with JS and by the action, before the review.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { RetryNotice } from "~/components/ui/RetryNotice";
import { CODE_FIELD_CODES, codeMessage } from "~/features/security/failures.server";
import { asksForCode } from "~/features/security/state.server";
import { STEP_UP_ASK } from "~/features/security/StepUpCode";
import { PENDING_REQUESTS_LIMIT, WITHDRAW_FLOOR, formatMinimum, isAbove, isBelow } from "~/features/wallet/amounts";
import { readMoneyStep } from "~/features/wallet/money-step.server";
import { MoneyFormScreen } from "~/features/wallet/MoneyFormScreen";
import { walletLinks } from "~/features/wallet/route-exports";
import { loadWalletSettings } from "~/features/wallet/settings.server";
import { reviewAction } from "~/forms/action.server";
import { keepAfterClientFailure, moneyClientAction } from "~/forms/client-action";
import { formConstraint } from "~/forms/constraint.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { attempt, logFailure } from "~/provider/failures.server";
import {
  cardFigures,
  getBankCards,
  getUserInfo,
  requestWithdrawal,
  type CardFigures,
  type WalletSettings,
} from "~/provider/wallet.server";
import { bankCardsHref, withdrawHref, withdrawRecordsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["wallet:withdraw", "wallet:convert", "wallet:review", "security:code"],
  titleKey: "wallet:withdraw.title",
};
export const links = walletLinks;
export const headers = noStoreHeaders;

export interface WithdrawPageData {
  settings: WalletSettings;
  /** The available balance, or null when it could not be read. */
  available: string | null;
  /** Approved cards only (status 1): the only ones a withdrawal can go to. */
  cards: CardFigures[];
  cardsFailed: boolean;
  form: { card: string; amount: string };
  review: { key: string; amount: string; card: CardFigures } | null;
  /** The review asks for a current authenticator code (two-factor is on). */
  askCode: boolean;
}

async function approvedCards(context: UserRequestContext) {
  const cards = await attempt(getBankCards(context.provider, { status: 1 }));
  if (!cards.ok) logFailure("withdraw cards", cards.failure);
  return cards.ok
    ? { cards: cards.data.filter((card) => card.status === 1).map(cardFigures), failed: false }
    : { cards: [], failed: true };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const [settings, cards, info, askCode] = await Promise.all([
    loadWalletSettings(context),
    approvedCards(context),
    attempt(getUserInfo(context.provider)),
    asksForCode(context.provider),
  ]);
  const { query, amount, review } = readMoneyStep(request, settings.minWithdraw);
  const card = cards.cards.find((row) => String(row.id) === query.get("card"));
  const data: WithdrawPageData = {
    settings,
    available: info.ok ? info.data.money : null,
    cards: cards.cards,
    cardsFailed: cards.failed,
    form: { card: card ? String(card.id) : cards.cards[0] ? String(cards.cards[0].id) : "", amount },
    // A review the URL describes for more than the balance is no review: the form says why on the field.
    review: review && card && !(info.ok && isAbove(review.amount, info.data.money)) ? { ...review, card } : null,
    askCode,
  };
  const { createWithdrawSchemas } = await import("./withdraw.schema");
  const constraint = formConstraint(createWithdrawSchemas(context.t, settings, context.fmt).review);
  return json({ ...data, constraint }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  const { createWithdrawSchemas } = await import("./withdraw.schema");
  const schemas = createWithdrawSchemas(context.t, await loadWalletSettings(context), context.fmt);
  return reviewAction(await request.formData(), {
    provider: context.provider,
    review: {
      schema: schemas.review,
      href: ({ card, amount }, key) => withdrawHref({ card, amount, step: "review", key }),
      // The card must be one of the customer's approved cards (an old page may offer one that changed since), and
      // the amount at most the available balance (the provider refuses more; said here, on the field, before the review).
      check: async ({ card, amount }) => {
        const [cards, info] = await Promise.all([approvedCards(context), attempt(getUserInfo(context.provider))]);
        const problems: Record<string, string[]> = {};
        if (!cards.failed && !cards.cards.some((row) => String(row.id) === card))
          problems.card = [context.t("withdraw.cardRequired")];
        if (info.ok && isAbove(amount, info.data.money)) {
          problems.amount = [context.t("withdraw.aboveBalance", { amount: formatMoney(info.data.money, context.fmt) })];
        } else if (
          info.ok &&
          info.data.settings?.withdraw_limit &&
          isAbove(amount, info.data.settings.withdraw_limit)
        ) {
          // Alone over the customer's own daily limit: said before the review (docs/product.md#withdraw-limit).
          const limit = formatMoney(info.data.settings.withdraw_limit, context.fmt);
          problems.amount = [context.t("withdraw.aboveDailyLimit", { limit })];
        }
        return Object.keys(problems).length > 0 ? problems : null;
      },
    },
    confirm: {
      schema: schemas.confirm,
      t: context.t,
      where: "withdraw",
      call: ({ card, amount, idempotency_key, code }) =>
        requestWithdrawal(context.provider, {
          bankId: Number(card),
          count: amount,
          idempotencyKey: idempotency_key,
          code,
        }),
      codeFields: CODE_FIELD_CODES,
      // Ten withdrawals already wait for review, or the customer's own daily limit would be passed: said on the
      // amount, as it is (docs/product.md#withdraw, #withdraw-limit).
      amountCodes: { too_many_pending: "amount", over_daily_limit: "amount" },
      message: (failure) => {
        if (failure.kind === "business" && failure.code === "too_many_pending")
          return context.t("withdraw.tooManyPending", { limit: PENDING_REQUESTS_LIMIT });
        if (failure.kind === "business" && failure.code === "over_daily_limit")
          return context.t("withdraw.overDailyLimit");
        return codeMessage(context.t, "wallet:withdraw.failed")(failure);
      },
      unknownOutcome: context.t("review.outcomeUnknown"),
      fallbackKey: "wallet:withdraw.failed",
      success: () => ({ to: withdrawRecordsHref(), toast: { key: "wallet:toast.withdrawSubmitted" } }),
    },
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function WithdrawPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const cardLabel = (card: CardFigures) =>
    t("withdraw.cardLabel", { bank: card.bank, last4: card.last4, holder: card.holder });
  const minimum = data.settings.minWithdraw;
  return (
    <MoneyFormScreen
      screen="withdraw"
      data={data}
      schema={() => import("./withdraw.schema").then((m) => m.createWithdrawSchemas(t, data.settings, fmt).review)}
      constraint={data.constraint}
      reviewRows={(review) => [{ label: t("withdraw.card"), value: cardLabel(review.card) }]}
      reviewNote={t("withdraw.hint")}
      reviewHidden={(review) => ({ card: String(review.card.id) })}
      reviewAsk={data.askCode ? STEP_UP_ASK : undefined}
      changeHref={(review) => withdrawHref({ card: review.card.id, amount: review.amount })}
      recordsHref={withdrawRecordsHref()}
      action={withdrawHref()}
      choice={{
        name: "card",
        legend: t("withdraw.card"),
        options: data.cards.map((card) => ({ id: `card-${card.id}`, value: String(card.id), label: cardLabel(card) })),
      }}
      minimum={minimum}
      maximum={
        data.available === null
          ? null
          : { value: data.available, message: t("withdraw.aboveBalance", { amount: formatMoney(data.available, fmt) }) }
      }
      minimumMessage={(typed) =>
        isBelow(typed, WITHDRAW_FLOOR)
          ? t("withdraw.floor", { amount: formatMinimum(WITHDRAW_FLOOR, fmt) })
          : t("withdraw.minimum", { amount: formatMinimum(minimum, fmt) })
      }
      amountHint={t("withdraw.amountHint", {
        amount: formatMinimum(minimum, fmt),
        available: data.available === null ? "—" : formatMoney(data.available, fmt),
      })}
      note={t("withdraw.hint")}
      layout={{
        kind: "section",
        title: t("withdraw.formTitle"),
        unavailable: data.cardsFailed || data.cards.length === 0 ? <NoCards failed={data.cardsFailed} /> : undefined,
      }}
    />
  );
}

/** No approved card to withdraw to: the cards could not be read (retry), or there are none (add one). */
function NoCards({ failed }: { failed: boolean }) {
  const { t } = useTranslation("wallet");
  return failed ? (
    <RetryNotice message={t("withdraw.cardsFailed")} href={withdrawHref()} retryLabel={t("withdraw.retry")} />
  ) : (
    <div className="notice">
      <p>{t("withdraw.noCards")}</p>
      <Link to={bankCardsHref({ add: true })} className="button">
        {t("withdraw.addCard")}
      </Link>
    </div>
  );
}
