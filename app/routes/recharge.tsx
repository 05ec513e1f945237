/**
 * /recharge (auth; docs/product.md#recharge): method (bank transfer only), a whole amount of at least the
 * configured minimum (5000), tips; then "check your answers" and one Confirm. Plain HTML forms (decision 0123):
 * - "Review" POSTs; a valid amount redirects to `?method&amount&step=review&key=<idempotency key>`, the key minted
 *   there once per intent (decision 0101); reloads, retries and error pages of that review carry it;
 * - Confirm POSTs the key; a lost provider reply is asked again with the same key; success goes to the recharge
 *   records with "Recharge request submitted successfully".
 * With JS the review opens in a dialog, the converted amount follows what is typed, and Review is disabled while
 * a typed amount is under the minimum (the server refuses it either way).
 */
import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { AmountField, useAmountRule } from "~/features/wallet/AmountField";
import { convertedAmount, formatConverted, formatMinimum, isBelow, isWholeAmount } from "~/features/wallet/amounts";
import { keepAfterClientFailure, moneyClientAction, useMoneyReply } from "~/features/wallet/client-action";
import { moneyAction, type MoneyReply } from "~/features/wallet/money-form.server";
import { ReviewCard } from "~/features/wallet/ReviewCard";
import { useHydrated } from "~/features/wallet/useHydrated";
import { useMoneyForm } from "~/features/wallet/useMoneyForm";
import { constraintOf, createRechargeConfirmSchema, createRechargeSchema, type RechargeFields } from "~/features/wallet/schemas.server";
import { walletHeaders, walletLinks } from "~/features/wallet/route-exports";
import { loadWalletSettings } from "~/features/wallet/settings.server";
import { IDEMPOTENCY_KEY } from "~/features/trading/forms.server";
import { formatMoney } from "~/format";
import { useTranslation } from "~/i18n-react";
import { requestRecharge, type WalletSettings } from "~/provider/wallet.server";
import { requireSameOrigin } from "~/security.server";
import { useFormat } from "~/utils/format-context";
import { rechargeHref, rechargeRecordsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["wallet"], titleKey: "wallet:recharge.title" };
export const links = walletLinks;
export const headers = walletHeaders;

export interface RechargePageData {
  settings: WalletSettings;
  /** The form's starting values (from the URL). */
  form: { amount: string };
  /** The review of the recharge the URL describes, or null. */
  review: { key: string; amount: string } | null;
  constraint: ReturnType<typeof constraintOf>;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const settings = await loadWalletSettings(context);
  const query = new URL(request.url).searchParams;
  const amount = query.get("amount")?.slice(0, 20) ?? "";
  const key = query.get("key") ?? "";
  const reviewable = query.get("step") === "review" && IDEMPOTENCY_KEY.test(key) && query.get("method") === "bank";
  const data: RechargePageData = {
    settings,
    form: { amount },
    review: reviewable && isWholeAmount(amount) && !isBelow(amount, settings.minRecharge) ? { key, amount } : null,
    constraint: constraintOf(createRechargeSchema(context.t, settings, context.fmt)),
  };
  return json(data, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  const settings = await loadWalletSettings(context);
  return moneyAction(context, await request.formData(), {
    review: createRechargeSchema(context.t, settings, context.fmt),
    confirm: createRechargeConfirmSchema(context.t, settings, context.fmt),
    reviewHref: ({ method, amount }, key) => rechargeHref({ method, amount, step: "review", key }),
    send: ({ amount, idempotency_key }) => ({
      where: "recharge",
      call: () => requestRecharge(context.provider, { count: amount, idempotencyKey: idempotency_key }),
      success: { to: rechargeRecordsHref(), toast: { key: "wallet:toast.rechargeSubmitted" } },
      fallbackKey: "wallet:recharge.failed",
    }),
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function RechargePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const location = useLocation();
  const reply = useMoneyReply(useActionData<typeof clientAction>(), data.review);
  const review = reply.review;
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("recharge.heading")}</h1>
      {review ? (
        <ReviewCard
          title={t("recharge.reviewTitle")}
          rows={[
            { label: t("recharge.method"), value: t("recharge.bankTransfer") },
            { label: t("recharge.amount"), value: formatMoney(review.amount, fmt) },
            {
              label: t("convert.label"),
              value: t("convert.value", { amount: formatConverted(convertedAmount(review.amount, data.settings.convertRate), fmt) }),
            },
          ]}
          notes={[t("recharge.reviewNote")]}
          hidden={{ method: "bank", amount: review.amount, idempotency_key: review.key }}
          confirmLabel={t("recharge.confirm")}
          changeHref={rechargeHref({ method: "bank", amount: review.amount })}
          recordsHref={rechargeRecordsHref()}
          {...reply.confirm}
        />
      ) : null}
      <RechargeForm key={location.search} data={data} hiddenWithoutJs={review !== null} {...reply.amount} />
    </div>
  );
}

function RechargeForm({
  data,
  hiddenWithoutJs,
  lastResult,
  offline,
}: {
  data: RechargePageData;
  /** A review is on screen: without JS it is the page (the form is one "Change" away); with JS it is a dialog. */
  hiddenWithoutJs: boolean;
  lastResult: MoneyReply["result"] | undefined;
  offline: boolean;
}) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const hydrated = useHydrated();
  const { form, fields, formProps, summary, busy } = useMoneyForm<RechargeFields>({
    id: "recharge",
    lastResult,
    constraint: data.constraint,
    defaultValue: { method: "bank", amount: data.form.amount },
    offline,
  });
  const minimum = formatMinimum(data.settings.minRecharge, fmt);
  const amount = useAmountRule(fields.amount, data.settings.minRecharge, () => t("recharge.minimum", { amount: minimum }));
  if (hiddenWithoutJs && !hydrated) return null;
  return (
    <section aria-labelledby="recharge-form-title" className="card">
      <h2 id="recharge-form-title">{t("recharge.formTitle")}</h2>
      <FormErrorSummary
        fields={[
          { id: `${form.id}-bank`, errors: fields.method.errors },
          { id: fields.amount.id, errors: fields.amount.errors },
        ]}
        formId={fields.amount.id}
        {...summary}
      />
      <Form method="post" action={rechargeHref()} {...getFormProps(form)} {...formProps} className="form">
        <fieldset className="wl-choices">
          <legend className="label">{t("recharge.method")}</legend>
          {fields.method.errors ? <p className="field__error">{fields.method.errors[0]}</p> : null}
          <label className="wl-choice">
            <input type="radio" name={fields.method.name} id={`${form.id}-bank`} value="bank" defaultChecked />
            <span>{t("recharge.bankTransfer")}</span>
          </label>
        </fieldset>
        <AmountField
          field={fields.amount}
          label={t("recharge.amount")}
          hint={t("recharge.amountHint", { amount: minimum })}
          errors={amount.errors}
          convertRate={data.settings.convertRate}
        />
        <button type="submit" name="intent" value="review" className="button button--block" disabled={busy || amount.below}>
          {t("recharge.review")}
        </button>
      </Form>
      <section aria-labelledby="recharge-tips" className="wl-tips">
        <h3 id="recharge-tips">{t("recharge.tipsTitle")}</h3>
        <ul>
          <li>{t("recharge.tip1", { amount: minimum })}</li>
          <li>{t("recharge.tip2")}</li>
          <li>{t("recharge.tip3")}</li>
        </ul>
      </section>
    </section>
  );
}
