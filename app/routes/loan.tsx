/**
 * /loan (auth; docs/product.md#loans): the summary card (amount due, credit score shown as good from 80,
 * remaining amount), "Apply for a loan" and a link to the loan records. Applying is a step with its own URL
 * (`?apply=1`: a page without JS, a dialog with it; decision 0123): a whole amount of at least the configured
 * minimum (500), then "check your answers" (`?step=review&amount&key`, key minted once per intent, decision 0101)
 * and one Confirm; success goes to the loan records with "Loan application submitted successfully".
 */
import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { IDEMPOTENCY_KEY } from "~/features/trading/forms.server";
import { AmountField, useAmountRule } from "~/features/wallet/AmountField";
import { convertedAmount, formatConverted, formatMinimum, isBelow, isWholeAmount } from "~/features/wallet/amounts";
import { keepAfterClientFailure, moneyClientAction, useMoneyReply } from "~/features/wallet/client-action";
import { moneyAction, type MoneyReply } from "~/features/wallet/money-form.server";
import { ReviewCard } from "~/features/wallet/ReviewCard";
import { walletHeaders, walletLinks } from "~/features/wallet/route-exports";
import { constraintOf, createLoanConfirmSchema, createLoanSchema, type LoanFields } from "~/features/wallet/schemas.server";
import { loadWalletSettings } from "~/features/wallet/settings.server";
import { StepDialog } from "~/features/wallet/StepDialog";
import { useMoneyForm } from "~/features/wallet/useMoneyForm";
import { formatInteger, formatMoney } from "~/format";
import { useTranslation } from "~/i18n-react";
import { attempt, logFailure } from "~/provider/failures.server";
import { applyForLoan, getLoanSummary, getLoans, type LoanState, type WalletSettings } from "~/provider/wallet.server";
import { requireSameOrigin } from "~/security.server";
import { useFormat } from "~/utils/format-context";
import { loanHref, loanRecordsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["wallet"], titleKey: "wallet:loan.title" };
export const links = walletLinks;
export const headers = walletHeaders;

/** docs/product.md#loans: a credit score of 80 or more is good (and needed to borrow). */
const GOOD_CREDIT = 80;

export interface LoanPageData {
  settings: WalletSettings;
  summary: { amountDue: string; creditScore: number; remainingAmount: string } | null;
  /** The newest application's state, 0 "not applied" when there is none (null: unknown). */
  latest: LoanState | null;
  /** The application step is open (`?apply=1`, or a refused application). */
  applying: boolean;
  form: { amount: string };
  review: { key: string; amount: string } | null;
  constraint: ReturnType<typeof constraintOf>;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const [settings, summary, loans] = await Promise.all([
    loadWalletSettings(context),
    attempt(getLoanSummary(context.provider)),
    attempt(getLoans(context.provider, 1)),
  ]);
  if (!summary.ok) logFailure("loan summary", summary.failure);
  const query = new URL(request.url).searchParams;
  const amount = query.get("amount")?.slice(0, 20) ?? "";
  const key = query.get("key") ?? "";
  const reviewable = query.get("step") === "review" && IDEMPOTENCY_KEY.test(key) && isWholeAmount(amount) && !isBelow(amount, settings.minLoan);
  const data: LoanPageData = {
    settings,
    summary: summary.ok
      ? { amountDue: summary.data.amountDue, creditScore: summary.data.creditScore, remainingAmount: summary.data.remainingAmount }
      : null,
    latest: loans.ok ? loans.data.rows[0]?.state ?? 0 : null,
    applying: query.get("apply") === "1",
    form: { amount },
    review: reviewable ? { key, amount } : null,
    constraint: constraintOf(createLoanSchema(context.t, settings, context.fmt)),
  };
  return json(data, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  const settings = await loadWalletSettings(context);
  return moneyAction(context, await request.formData(), {
    review: createLoanSchema(context.t, settings, context.fmt),
    confirm: createLoanConfirmSchema(context.t, settings, context.fmt),
    reviewHref: ({ amount }, key) => loanHref({ amount, step: "review", key }),
    send: ({ amount, idempotency_key }) => ({
      where: "loan",
      call: () => applyForLoan(context.provider, { count: amount, idempotencyKey: idempotency_key }),
      success: { to: loanRecordsHref(), toast: { key: "wallet:toast.loanSubmitted" } },
      fallbackKey: "wallet:loan.failed",
    }),
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function LoanPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const location = useLocation();
  const reply = useMoneyReply(useActionData<typeof clientAction>(), data.review);
  const review = reply.review;
  const applying = !review && (data.applying || reply.amount.lastResult !== undefined || reply.amount.offline);
  const summary = data.summary;
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("loan.heading")}</h1>
      <section aria-labelledby="loan-summary" className="card wl-summary">
        <h2 id="loan-summary">{t("loan.summary")}</h2>
        {summary ? (
          <dl className="wl-figures">
            <div>
              <dt>{t("loan.amountDue")}</dt>
              <dd>{formatMoney(summary.amountDue, fmt)}</dd>
            </div>
            <div>
              <dt>{t("loan.creditScore")}</dt>
              <dd>
                {formatInteger(summary.creditScore, fmt)}{" "}
                <span className={summary.creditScore >= GOOD_CREDIT ? "wl-good" : "wl-bad"}>
                  {t(summary.creditScore >= GOOD_CREDIT ? "loan.creditGood" : "loan.creditLow")}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t("loan.remaining")}</dt>
              <dd>{formatMoney(summary.remainingAmount, fmt)}</dd>
            </div>
            {data.latest !== null ? (
              <div>
                <dt>{t("loan.latest")}</dt>
                <dd>{t(`loanRecords.stateName.${data.latest}`)}</dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="notice">{t("loan.summaryFailed")}</p>
        )}
        <p className="actions">
          <Link to={loanHref({ apply: true })} className="button" preventScrollReset>
            {t("loan.apply")}
          </Link>
          <Link to={loanRecordsHref()} className="button button--secondary">
            {t("loan.records")}
          </Link>
        </p>
      </section>
      {review ? (
        <ReviewCard
          title={t("loan.reviewTitle")}
          rows={[
            { label: t("loan.amount"), value: formatMoney(review.amount, fmt) },
            {
              label: t("convert.label"),
              value: t("convert.value", { amount: formatConverted(convertedAmount(review.amount, data.settings.convertRate), fmt) }),
            },
          ]}
          notes={[t("loan.reviewNote")]}
          hidden={{ amount: review.amount, idempotency_key: review.key }}
          confirmLabel={t("loan.confirm")}
          changeHref={loanHref({ apply: true, amount: review.amount })}
          recordsHref={loanRecordsHref()}
          {...reply.confirm}
        />
      ) : null}
      {applying ? (
        <ApplyStep key={location.search} data={data} {...reply.amount} />
      ) : null}
    </div>
  );
}

function ApplyStep({ data, lastResult, offline }: { data: LoanPageData; lastResult: MoneyReply["result"] | undefined; offline: boolean }) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const { form, fields, formProps, summary, busy } = useMoneyForm<LoanFields>({
    id: "loan",
    lastResult,
    constraint: data.constraint,
    defaultValue: { amount: data.form.amount },
    offline,
  });
  const minimum = formatMinimum(data.settings.minLoan, fmt);
  const amount = useAmountRule(fields.amount, data.settings.minLoan, () => t("loan.minimum", { amount: minimum }));
  return (
    <StepDialog title={t("loan.applyTitle")} closeHref={loanHref()}>
      <FormErrorSummary
        fields={[{ id: fields.amount.id, errors: fields.amount.errors }]}
        formId={fields.amount.id}
        {...summary}
      />
      <Form
        method="post"
        action={loanHref({ apply: true })}
        {...getFormProps(form)}
        {...formProps}
        className="form"
        preventScrollReset
      >
        <AmountField
          field={fields.amount}
          label={t("loan.amount")}
          hint={t("loan.amountHint", { amount: minimum, remaining: data.summary ? formatMoney(data.summary.remainingAmount, fmt) : "—" })}
          errors={amount.errors}
          convertRate={data.settings.convertRate}
        />
        <div className="actions">
          <button type="submit" name="intent" value="review" className="button" disabled={busy || amount.below}>
            {t("loan.review")}
          </button>
          <Link to={loanHref()} className="button button--secondary" data-safe-choice="" preventScrollReset>
            {t("loan.cancel")}
          </Link>
        </div>
      </Form>
    </StepDialog>
  );
}
