/**
 * /withdraw (auth; docs/product.md#withdraw): one of the customer's approved bank cards (status 1 only; none →
 * "No bank cards available" and a link to add one), a whole amount of at least 10 and at least the configured
 * minimum (default 100), the hint; then "check your answers" and one Confirm (decisions 0101, 0123). The money is
 * held at once by the provider; success goes to the withdraw records with "Withdrawal successful".
 */
import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { IDEMPOTENCY_KEY } from "~/features/trading/forms.server";
import { AmountField, useAmountRule } from "~/features/wallet/AmountField";
import { WITHDRAW_FLOOR, convertedAmount, formatConverted, formatMinimum, isBelow, isWholeAmount } from "~/features/wallet/amounts";
import { keepAfterClientFailure, moneyClientAction, useMoneyReply } from "~/features/wallet/client-action";
import { moneyAction, type MoneyReply } from "~/features/wallet/money-form.server";
import { ReviewCard } from "~/features/wallet/ReviewCard";
import { constraintOf, createWithdrawConfirmSchema, createWithdrawSchema, type WithdrawFields } from "~/features/wallet/schemas.server";
import { walletHeaders, walletLinks } from "~/features/wallet/route-exports";
import { loadWalletSettings } from "~/features/wallet/settings.server";
import { useHydrated } from "~/features/wallet/useHydrated";
import { useMoneyForm } from "~/features/wallet/useMoneyForm";
import { formatMoney } from "~/format";
import { useTranslation } from "~/i18n-react";
import { attempt, logFailure } from "~/provider/failures.server";
import { cardFigures, getBankCards, getUserInfo, requestWithdrawal, type CardFigures, type WalletSettings } from "~/provider/wallet.server";
import { requireSameOrigin } from "~/security.server";
import { useFormat } from "~/utils/format-context";
import { bankCardsHref, withdrawHref, withdrawRecordsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["wallet"], titleKey: "wallet:withdraw.title" };
export const links = walletLinks;
export const headers = walletHeaders;

export interface WithdrawPageData {
  settings: WalletSettings;
  /** The available balance, or null when it could not be read. */
  available: string | null;
  /** Approved cards only (status 1): the only ones a withdrawal can go to. */
  cards: CardFigures[];
  cardsFailed: boolean;
  form: { card: string; amount: string };
  review: { key: string; amount: string; card: CardFigures } | null;
  constraint: ReturnType<typeof constraintOf>;
}

async function approvedCards(context: UserRequestContext) {
  const cards = await attempt(getBankCards(context.provider, { status: 1 }));
  if (!cards.ok) logFailure("withdraw cards", cards.failure);
  return cards.ok ? { cards: cards.data.filter((card) => card.status === 1).map(cardFigures), failed: false } : { cards: [], failed: true };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const [settings, cards, info] = await Promise.all([loadWalletSettings(context), approvedCards(context), attempt(getUserInfo(context.provider))]);
  const query = new URL(request.url).searchParams;
  const amount = query.get("amount")?.slice(0, 20) ?? "";
  const key = query.get("key") ?? "";
  const card = cards.cards.find((row) => String(row.id) === query.get("card"));
  const reviewable = query.get("step") === "review" && IDEMPOTENCY_KEY.test(key) && card && isWholeAmount(amount) && !isBelow(amount, settings.minWithdraw);
  const data: WithdrawPageData = {
    settings,
    available: info.ok ? info.data.money : null,
    cards: cards.cards,
    cardsFailed: cards.failed,
    form: { card: card ? String(card.id) : cards.cards[0] ? String(cards.cards[0].id) : "", amount },
    review: reviewable && card ? { key, amount, card } : null,
    constraint: constraintOf(createWithdrawSchema(context.t, settings, context.fmt)),
  };
  return json(data, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  const settings = await loadWalletSettings(context);
  return moneyAction(context, await request.formData(), {
    review: createWithdrawSchema(context.t, settings, context.fmt),
    confirm: createWithdrawConfirmSchema(context.t, settings, context.fmt),
    // The card must be one of the customer's approved cards (an old page may offer one that changed since).
    check: async ({ card }) => {
      const cards = await approvedCards(context);
      return !cards.failed && !cards.cards.some((row) => String(row.id) === card) ? { card: [context.t("withdraw.cardRequired")] } : null;
    },
    reviewHref: ({ card, amount }, key) => withdrawHref({ card, amount, step: "review", key }),
    send: ({ card, amount, idempotency_key }) => ({
      where: "withdraw",
      call: () => requestWithdrawal(context.provider, { bankId: Number(card), count: amount, idempotencyKey: idempotency_key }),
      success: { to: withdrawRecordsHref(), toast: { key: "wallet:toast.withdrawSubmitted" } },
      fallbackKey: "wallet:withdraw.failed",
    }),
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function WithdrawPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const location = useLocation();
  const reply = useMoneyReply(useActionData<typeof clientAction>(), data.review);
  const review = reply.review;
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("withdraw.heading")}</h1>
      {review ? (
        <ReviewCard
          title={t("withdraw.reviewTitle")}
          rows={[
            { label: t("withdraw.card"), value: t("withdraw.cardLabel", { bank: review.card.bank, last4: review.card.last4, holder: review.card.holder }) },
            { label: t("withdraw.amount"), value: formatMoney(review.amount, fmt) },
            {
              label: t("convert.label"),
              value: t("convert.value", { amount: formatConverted(convertedAmount(review.amount, data.settings.convertRate), fmt) }),
            },
          ]}
          notes={[t("withdraw.hint")]}
          hidden={{ card: String(review.card.id), amount: review.amount, idempotency_key: review.key }}
          confirmLabel={t("withdraw.confirm")}
          changeHref={withdrawHref({ card: review.card.id, amount: review.amount })}
          recordsHref={withdrawRecordsHref()}
          {...reply.confirm}
        />
      ) : null}
      <WithdrawForm key={location.search} data={data} hiddenWithoutJs={review !== null} {...reply.amount} />
    </div>
  );
}

function WithdrawForm({
  data,
  hiddenWithoutJs,
  lastResult,
  offline,
}: {
  data: WithdrawPageData;
  hiddenWithoutJs: boolean;
  lastResult: MoneyReply["result"] | undefined;
  offline: boolean;
}) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const hydrated = useHydrated();
  const { form, fields, formProps, summary, busy } = useMoneyForm<WithdrawFields>({
    id: "withdraw",
    lastResult,
    constraint: data.constraint,
    defaultValue: { card: data.form.card, amount: data.form.amount },
    offline,
  });
  const minimum = data.settings.minWithdraw;
  const amount = useAmountRule(fields.amount, minimum, (typed) =>
    isBelow(typed, WITHDRAW_FLOOR)
      ? t("withdraw.floor", { amount: formatMinimum(WITHDRAW_FLOOR, fmt) })
      : t("withdraw.minimum", { amount: formatMinimum(minimum, fmt) }),
  );
  if (hiddenWithoutJs && !hydrated) return null;

  if (data.cardsFailed || data.cards.length === 0) {
    return (
      <section aria-labelledby="withdraw-form-title" className="card">
        <h2 id="withdraw-form-title">{t("withdraw.formTitle")}</h2>
        {data.cardsFailed ? (
          <div className="notice">
            <p>{t("withdraw.cardsFailed")}</p>
            <Link to={withdrawHref()} reloadDocument className="button button--secondary">
              {t("withdraw.retry")}
            </Link>
          </div>
        ) : (
          <div className="notice">
            <p>{t("withdraw.noCards")}</p>
            <Link to={bankCardsHref({ add: true })} className="button">
              {t("withdraw.addCard")}
            </Link>
          </div>
        )}
      </section>
    );
  }

  const firstCardId = `${form.id}-card-${data.cards[0].id}`;
  const checked = fields.card.initialValue ?? data.form.card;
  return (
    <section aria-labelledby="withdraw-form-title" className="card">
      <h2 id="withdraw-form-title">{t("withdraw.formTitle")}</h2>
      <FormErrorSummary
        fields={[
          { id: firstCardId, errors: fields.card.errors },
          { id: fields.amount.id, errors: fields.amount.errors },
        ]}
        formId={fields.amount.id}
        {...summary}
      />
      <Form method="post" action={withdrawHref()} {...getFormProps(form)} {...formProps} className="form">
        <fieldset className="wl-choices">
          <legend className="label">{t("withdraw.card")}</legend>
          {fields.card.errors ? <p className="field__error">{fields.card.errors[0]}</p> : null}
          {data.cards.map((card) => (
            <label key={card.id} className="wl-choice">
              <input type="radio" name={fields.card.name} id={`${form.id}-card-${card.id}`} value={String(card.id)} defaultChecked={String(card.id) === checked} />
              <span>{t("withdraw.cardLabel", { bank: card.bank, last4: card.last4, holder: card.holder })}</span>
            </label>
          ))}
        </fieldset>
        <AmountField
          field={fields.amount}
          label={t("withdraw.amount")}
          hint={t("withdraw.amountHint", {
            amount: formatMinimum(minimum, fmt),
            available: data.available === null ? "—" : formatMoney(data.available, fmt),
          })}
          errors={amount.errors}
          convertRate={data.settings.convertRate}
        />
        <p className="field__hint">{t("withdraw.hint")}</p>
        <button type="submit" name="intent" value="review" className="button button--block" disabled={busy || amount.below}>
          {t("withdraw.review")}
        </button>
      </Form>
    </section>
  );
}
