/**
 * /withdraw (auth; docs/product.md#withdraw): one of the customer's approved bank cards (status 1 only; none →
 * "No bank cards available" and a link to add one), a whole amount of at least 10 and at least the configured
 * minimum (default 100), the hint; then "check your answers" and one Confirm (decisions 0101, 0123). The money is
 * held at once by the provider; success goes to the withdraw records with "Withdrawal successful".
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary, useSubmitAttempts } from "~/components/ui/FormErrors";
import { IDEMPOTENCY_KEY } from "~/features/trading/forms.server";
import { useOfflineSubmit } from "~/features/trading/useOfflineSubmit";
import { WHOLE_AMOUNT_PATTERN, convertedAmount, formatConverted, formatMinimum, isBelow, isWholeAmount } from "~/features/wallet/amounts";
import { keepAfterClientFailure, moneyClientAction } from "~/features/wallet/client-action";
import { confirmMoneyRequest, refused, toReview, type MoneyReply } from "~/features/wallet/money-form.server";
import { ReviewCard } from "~/features/wallet/ReviewCard";
import { constraintOf, createWithdrawConfirmSchema, createWithdrawSchema, parseForm, type WithdrawFields } from "~/features/wallet/schemas.server";
import { walletHeaders, walletLinks } from "~/features/wallet/route-exports";
import { loadWalletSettings } from "~/features/wallet/settings.server";
import { useHydrated } from "~/features/wallet/useHydrated";
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
  const formData = await request.formData();
  if (formData.get("intent") !== "confirm") {
    const submission = parseForm(formData, createWithdrawSchema(context.t, settings, context.fmt));
    if (submission.status !== "success") return refused(submission.reply());
    const { card, amount } = submission.value;
    // The card must be one of the customer's approved cards (an old page may offer one that changed since).
    const cards = await approvedCards(context);
    if (!cards.failed && !cards.cards.some((row) => String(row.id) === card)) {
      return refused(submission.reply({ fieldErrors: { card: [context.t("withdraw.cardRequired")] } }));
    }
    return toReview((key) => withdrawHref({ card, amount, step: "review", key }));
  }
  const submission = parseForm(formData, createWithdrawConfirmSchema(context.t, settings, context.fmt));
  if (submission.status !== "success") return refused(submission.reply());
  const { card, amount, idempotency_key } = submission.value;
  return confirmMoneyRequest(context, submission, {
    where: "withdraw",
    call: () => requestWithdrawal(context.provider, { bankId: Number(card), count: amount, idempotencyKey: idempotency_key }),
    success: { to: withdrawRecordsHref(), toast: { key: "wallet:toast.withdrawSubmitted" } },
    fallbackKey: "wallet:withdraw.failed",
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function WithdrawPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof clientAction>();
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const location = useLocation();
  const lastResult = reply && "result" in reply ? reply.result : undefined;
  const clientFailure = reply && "clientFailure" in reply ? reply.clientFailure : null;
  const review = data.review && reply?.form !== "amount" ? data.review : null;
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
          lastResult={reply?.form === "confirm" ? lastResult : undefined}
          outcomeUnknown={reply !== undefined && "outcome" in reply && reply.outcome === "unknown"}
          clientFailure={reply?.form === "confirm" ? clientFailure : null}
        />
      ) : null}
      <WithdrawForm
        key={location.search}
        data={data}
        hiddenWithoutJs={review !== null}
        lastResult={reply?.form === "amount" ? lastResult : undefined}
        offline={reply?.form === "amount" && clientFailure === "offline"}
      />
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
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm<WithdrawFields>({
    id: "withdraw",
    lastResult,
    constraint: data.constraint,
    defaultValue: { card: data.form.card, amount: data.form.amount },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const submit = useOfflineSubmit(form.onSubmit);
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

  const typed = fields.amount.value ?? "";
  const minimum = data.settings.minWithdraw;
  // With JS the rule is live; a server-rendered form never disables its own submit.
  const below = hydrated && isBelow(typed, minimum);
  const belowMessage = isBelow(typed, "10") ? t("withdraw.floor", { amount: formatMinimum("10", fmt) }) : t("withdraw.minimum", { amount: formatMinimum(minimum, fmt) });
  const amountErrors = fields.amount.errors ?? (below ? [belowMessage] : null);
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const converted = isWholeAmount(typed) ? formatConverted(convertedAmount(typed, data.settings.convertRate), fmt) : null;
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
        formErrors={[...(form.errors ?? []), ...(offline || submit.offline ? [t("review.offlineForm")] : [])]}
        formId={fields.amount.id}
        lastResult={offline || submit.offline ? { status: "error" } : lastResult}
        attempts={attempts}
      />
      <Form method="post" action={withdrawHref()} {...getFormProps(form)} onSubmitCapture={onSubmitCapture} onSubmit={submit.onSubmit} className="form">
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
        <Field
          label={t("withdraw.amount")}
          hint={t("withdraw.amountHint", {
            amount: formatMinimum(minimum, fmt),
            available: data.available === null ? "—" : formatMoney(data.available, fmt),
          })}
          errors={amountErrors}
          inputProps={{
            ...getInputProps(fields.amount, { type: "text", ariaAttributes: false }),
            inputMode: "numeric",
            pattern: WHOLE_AMOUNT_PATTERN,
            maxLength: 12,
            autoComplete: "off",
          }}
        />
        <p className="wl-converted">{converted ? t("convert.approx", { amount: converted, rate: data.settings.convertRate }) : t("convert.none")}</p>
        <p className="field__hint">{t("withdraw.hint")}</p>
        <button type="submit" name="intent" value="review" className="button button--block" disabled={busy || below}>
          {t("withdraw.review")}
        </button>
      </Form>
    </section>
  );
}
