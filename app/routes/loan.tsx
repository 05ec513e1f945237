/**
 * /loan (auth; docs/product.md#loans): the summary card (amount due, credit score shown as good from 80,
 * remaining amount), "Apply for a loan" and a link to the loan records. Applying is a step with its own URL
 * (`?apply=1`: a page without JS, a dialog with it; decision 0123): a whole amount of at least the configured
 * minimum (500), then "check your answers" (`?step=review&amount&key`, key minted once per intent, decision 0101)
 * and one Confirm; success goes to the loan records with "Loan application submitted successfully".
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
import { walletHeaders, walletLinks } from "~/features/wallet/route-exports";
import { constraintOf, createLoanConfirmSchema, createLoanSchema, parseForm, type LoanFields } from "~/features/wallet/schemas.server";
import { loadWalletSettings } from "~/features/wallet/settings.server";
import { StepDialog } from "~/features/wallet/StepDialog";
import { useHydrated } from "~/features/wallet/useHydrated";
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
  const formData = await request.formData();
  if (formData.get("intent") !== "confirm") {
    const submission = parseForm(formData, createLoanSchema(context.t, settings, context.fmt));
    if (submission.status !== "success") return refused(submission.reply());
    const { amount } = submission.value;
    return toReview((key) => loanHref({ amount, step: "review", key }));
  }
  const submission = parseForm(formData, createLoanConfirmSchema(context.t, settings, context.fmt));
  if (submission.status !== "success") return refused(submission.reply());
  const { amount, idempotency_key } = submission.value;
  return confirmMoneyRequest(context, submission, {
    where: "loan",
    call: () => applyForLoan(context.provider, { count: amount, idempotencyKey: idempotency_key }),
    success: { to: loanRecordsHref(), toast: { key: "wallet:toast.loanSubmitted" } },
    fallbackKey: "wallet:loan.failed",
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function LoanPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof clientAction>();
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const location = useLocation();
  const lastResult = reply && "result" in reply ? reply.result : undefined;
  const clientFailure = reply && "clientFailure" in reply ? reply.clientFailure : null;
  const review = data.review && reply?.form !== "amount" ? data.review : null;
  const applying = !review && (data.applying || reply?.form === "amount");
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
          lastResult={reply?.form === "confirm" ? lastResult : undefined}
          outcomeUnknown={reply !== undefined && "outcome" in reply && reply.outcome === "unknown"}
          clientFailure={reply?.form === "confirm" ? clientFailure : null}
        />
      ) : null}
      {applying ? (
        <ApplyStep
          key={location.search}
          data={data}
          lastResult={reply?.form === "amount" ? lastResult : undefined}
          offline={reply?.form === "amount" && clientFailure === "offline"}
        />
      ) : null}
    </div>
  );
}

function ApplyStep({ data, lastResult, offline }: { data: LoanPageData; lastResult: MoneyReply["result"] | undefined; offline: boolean }) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm<LoanFields>({
    id: "loan",
    lastResult,
    constraint: data.constraint,
    defaultValue: { amount: data.form.amount },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const submit = useOfflineSubmit(form.onSubmit);
  const typed = fields.amount.value ?? "";
  const minimum = formatMinimum(data.settings.minLoan, fmt);
  // With JS the rule is live; a server-rendered form never disables its own submit.
  const below = hydrated && isBelow(typed, data.settings.minLoan);
  const amountErrors = fields.amount.errors ?? (below ? [t("loan.minimum", { amount: minimum })] : null);
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const converted = isWholeAmount(typed) ? formatConverted(convertedAmount(typed, data.settings.convertRate), fmt) : null;
  return (
    <StepDialog title={t("loan.applyTitle")} closeHref={loanHref()}>
      <FormErrorSummary
        fields={[{ id: fields.amount.id, errors: fields.amount.errors }]}
        formErrors={[...(form.errors ?? []), ...(offline || submit.offline ? [t("review.offlineForm")] : [])]}
        formId={fields.amount.id}
        lastResult={offline || submit.offline ? { status: "error" } : lastResult}
        attempts={attempts}
      />
      <Form
        method="post"
        action={loanHref({ apply: true })}
        {...getFormProps(form)}
        onSubmitCapture={onSubmitCapture}
        onSubmit={submit.onSubmit}
        className="form"
        preventScrollReset
      >
        <Field
          label={t("loan.amount")}
          hint={t("loan.amountHint", {
            amount: minimum,
            remaining: data.summary ? formatMoney(data.summary.remainingAmount, fmt) : "—",
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
        <div className="actions">
          <button type="submit" name="intent" value="review" className="button" disabled={busy || below}>
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
