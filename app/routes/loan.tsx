/**
 * /loan (auth; docs/product.md#loans): the summary card (amount due, credit score shown as good from 80,
 * remaining amount), "Apply for a loan" and a link to the loan records. Applying is a step with its own URL
 * (`?apply=1`: a page without JS, a dialog with it; decision 0123): a whole amount of at least the configured
 * minimum (500) and at most the remaining amount (said on the field, live with JS and by the action), then "check
 * your answers" (`?step=review&amount&key`, key minted once per intent, decision 0101)
 * and one Confirm; success goes to the loan records with "Loan application submitted successfully". While an
 * application is under review no other is offered: the screen says so instead of "Apply for a loan".
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { FigureList } from "~/components/ui/FigureList";
import { formatMinimum, isAbove } from "~/features/wallet/amounts";
import { readMoneyStep } from "~/features/wallet/money-step.server";
import { MoneyFormScreen } from "~/features/wallet/MoneyFormScreen";
import { walletLinks } from "~/features/wallet/route-exports";
import { loadWalletSettings } from "~/features/wallet/settings.server";
import { reviewAction } from "~/forms/action.server";
import { keepAfterClientFailure, moneyClientAction } from "~/forms/client-action";
import { formConstraint } from "~/forms/constraint.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { formatInteger, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { attempt, logFailure } from "~/provider/failures.server";
import { applyForLoan, getLoanSummary, getLoans, type LoanState, type WalletSettings } from "~/provider/wallet.server";
import { loanHref, loanRecordsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["wallet:loan", "wallet:convert", "wallet:loanRecords", "wallet:review"],
  titleKey: "wallet:loan.title",
};
export const links = walletLinks;
export const headers = noStoreHeaders;

/** docs/product.md#loans: a credit score of 80 or more is good (and needed to borrow). */
const GOOD_CREDIT = 80;
/** The loan state "applying": under review, and no second application meanwhile (docs/product.md#loans). */
const UNDER_REVIEW = 1;

export interface LoanPageData {
  settings: WalletSettings;
  summary: { amountDue: string; creditScore: number; remainingAmount: string } | null;
  /** The newest application's state, 0 "not applied" when there is none (null: unknown). */
  latest: LoanState | null;
  /** The application step is open (`?apply=1`, or a refused application); never while one is under review. */
  applying: boolean;
  form: { amount: string };
  review: { key: string; amount: string } | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const [settings, summary, loans] = await Promise.all([
    loadWalletSettings(context),
    attempt(getLoanSummary(context.provider)),
    attempt(getLoans(context.provider, 1)),
  ]);
  if (!summary.ok) logFailure("loan summary", summary.failure);
  const { query, amount, review } = readMoneyStep(request, settings.minLoan);
  const latest = loans.ok ? (loans.data.rows[0]?.state ?? 0) : null;
  const underReview = latest === UNDER_REVIEW;
  const aboveRemaining = review !== null && summary.ok && isAbove(review.amount, summary.data.remainingAmount);
  const data: LoanPageData = {
    settings,
    summary: summary.ok
      ? {
          amountDue: summary.data.amountDue,
          creditScore: summary.data.creditScore,
          remainingAmount: summary.data.remainingAmount,
        }
      : null,
    latest,
    applying: query.get("apply") === "1" && !underReview,
    form: { amount },
    // A review the URL describes for more than can be borrowed, or while another is under review, is no review.
    review: underReview || aboveRemaining ? null : review,
  };
  const { createLoanSchemas } = await import("./loan.schema");
  const constraint = formConstraint(createLoanSchemas(context.t, settings, context.fmt).review);
  return json({ ...data, constraint }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  const { createLoanSchemas } = await import("./loan.schema");
  const schemas = createLoanSchemas(context.t, await loadWalletSettings(context), context.fmt);
  return reviewAction(await request.formData(), {
    provider: context.provider,
    review: {
      schema: schemas.review,
      href: ({ amount }, key) => loanHref({ amount, step: "review", key }),
      // At most the remaining amount, and none while another application is under review (the provider refuses
      // both; said here, before the review).
      check: async ({ amount }): Promise<Record<string, string[]> | null> => {
        const [summary, loans] = await Promise.all([
          attempt(getLoanSummary(context.provider)),
          attempt(getLoans(context.provider, 1)),
        ]);
        if (loans.ok && loans.data.rows[0]?.state === UNDER_REVIEW) return { "": [context.t("loan.underReview")] };
        if (summary.ok && isAbove(amount, summary.data.remainingAmount)) {
          return {
            amount: [context.t("loan.maximum", { amount: formatMoney(summary.data.remainingAmount, context.fmt) })],
          };
        }
        return null;
      },
    },
    confirm: {
      schema: schemas.confirm,
      t: context.t,
      where: "loan",
      call: ({ amount, idempotency_key }) =>
        applyForLoan(context.provider, { count: amount, idempotencyKey: idempotency_key }),
      unknownOutcome: context.t("review.outcomeUnknown"),
      fallbackKey: "wallet:loan.failed",
      success: () => ({ to: loanRecordsHref(), toast: { key: "wallet:toast.loanSubmitted" } }),
    },
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function LoanPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  return (
    <MoneyFormScreen
      screen="loan"
      intro={<LoanSummary data={data} />}
      data={data}
      schema={() => import("./loan.schema").then((m) => m.createLoanSchemas(t, data.settings, fmt).review)}
      constraint={data.constraint}
      reviewNote={t("loan.reviewNote")}
      changeHref={(review) => loanHref({ apply: true, amount: review.amount })}
      recordsHref={loanRecordsHref()}
      action={loanHref({ apply: true })}
      minimum={data.settings.minLoan}
      maximum={
        data.summary
          ? {
              value: data.summary.remainingAmount,
              message: t("loan.maximum", { amount: formatMoney(data.summary.remainingAmount, fmt) }),
            }
          : null
      }
      amountHint={t("loan.amountHint", {
        amount: formatMinimum(data.settings.minLoan, fmt),
        remaining: data.summary ? formatMoney(data.summary.remainingAmount, fmt) : "—",
      })}
      layout={{
        kind: "dialog",
        title: t("loan.applyTitle"),
        open: data.applying,
        closeHref: loanHref(),
        cancelLabel: t("loan.cancel"),
      }}
    />
  );
}

function LoanSummary({ data }: { data: LoanPageData }) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const summary = data.summary;
  return (
    <section aria-labelledby="loan-summary" className="card wl-summary">
      <h2 id="loan-summary">{t("loan.summary")}</h2>
      {summary ? (
        <FigureList
          className="wl-figures"
          items={[
            { label: t("loan.amountDue"), value: formatMoney(summary.amountDue, fmt) },
            {
              label: t("loan.creditScore"),
              value: (
                <>
                  {formatInteger(summary.creditScore, fmt)}{" "}
                  <span className={summary.creditScore >= GOOD_CREDIT ? "wl-good" : "wl-bad"}>
                    {t(summary.creditScore >= GOOD_CREDIT ? "loan.creditGood" : "loan.creditLow")}
                  </span>
                </>
              ),
            },
            { label: t("loan.remaining"), value: formatMoney(summary.remainingAmount, fmt) },
            data.latest !== null ? { label: t("loan.latest"), value: t(`loanRecords.stateName.${data.latest}`) } : null,
          ]}
        />
      ) : (
        <p className="notice">{t("loan.summaryFailed")}</p>
      )}
      {data.latest === UNDER_REVIEW ? <p className="notice">{t("loan.underReview")}</p> : null}
      <p className="actions">
        {data.latest === UNDER_REVIEW ? null : (
          <Link to={loanHref({ apply: true })} className="button" preventScrollReset>
            {t("loan.apply")}
          </Link>
        )}
        <Link to={loanRecordsHref()} className="button button--secondary">
          {t("loan.records")}
        </Link>
      </p>
    </section>
  );
}
