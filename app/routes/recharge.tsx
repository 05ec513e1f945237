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
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary, useSubmitAttempts } from "~/components/ui/FormErrors";
import { useOfflineSubmit } from "~/features/trading/useOfflineSubmit";
import { WHOLE_AMOUNT_PATTERN, convertedAmount, formatConverted, formatMinimum, isBelow, isWholeAmount } from "~/features/wallet/amounts";
import { keepAfterClientFailure, moneyClientAction } from "~/features/wallet/client-action";
import { confirmMoneyRequest, refused, toReview, type MoneyReply } from "~/features/wallet/money-form.server";
import { ReviewCard } from "~/features/wallet/ReviewCard";
import { useHydrated } from "~/features/wallet/useHydrated";
import {
  constraintOf,
  createRechargeConfirmSchema,
  createRechargeSchema,
  parseForm,
  type RechargeFields,
} from "~/features/wallet/schemas.server";
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
  const formData = await request.formData();
  if (formData.get("intent") !== "confirm") {
    const submission = parseForm(formData, createRechargeSchema(context.t, settings, context.fmt));
    if (submission.status !== "success") return refused(submission.reply());
    const { method, amount } = submission.value;
    return toReview((key) => rechargeHref({ method, amount, step: "review", key }));
  }
  const submission = parseForm(formData, createRechargeConfirmSchema(context.t, settings, context.fmt));
  if (submission.status !== "success") return refused(submission.reply());
  const { amount, idempotency_key } = submission.value;
  return confirmMoneyRequest(context, submission, {
    where: "recharge",
    call: () => requestRecharge(context.provider, { count: amount, idempotencyKey: idempotency_key }),
    success: { to: rechargeRecordsHref(), toast: { key: "wallet:toast.rechargeSubmitted" } },
    fallbackKey: "wallet:recharge.failed",
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function RechargePage() {
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
          lastResult={reply?.form === "confirm" ? lastResult : undefined}
          outcomeUnknown={reply !== undefined && "outcome" in reply && reply.outcome === "unknown"}
          clientFailure={reply?.form === "confirm" ? clientFailure : null}
        />
      ) : null}
      <RechargeForm
        key={location.search}
        data={data}
        hiddenWithoutJs={review !== null}
        lastResult={reply?.form === "amount" ? lastResult : undefined}
        offline={reply?.form === "amount" && clientFailure === "offline"}
      />
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
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm<RechargeFields>({
    id: "recharge",
    lastResult,
    constraint: data.constraint,
    defaultValue: { method: "bank", amount: data.form.amount },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const submit = useOfflineSubmit(form.onSubmit);
  const typed = fields.amount.value ?? "";
  // With JS the rule is live (docs/product.md#recharge); a server-rendered form never disables its own submit.
  const below = hydrated && isBelow(typed, data.settings.minRecharge);
  const minimum = formatMinimum(data.settings.minRecharge, fmt);
  const amountErrors = fields.amount.errors ?? (below ? [t("recharge.minimum", { amount: minimum })] : null);
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const converted = isWholeAmount(typed) ? formatConverted(convertedAmount(typed, data.settings.convertRate), fmt) : null;
  if (hiddenWithoutJs && !hydrated) return null;
  return (
    <section aria-labelledby="recharge-form-title" className="card">
      <h2 id="recharge-form-title">{t("recharge.formTitle")}</h2>
      <FormErrorSummary
        fields={[
          { id: `${form.id}-bank`, errors: fields.method.errors },
          { id: fields.amount.id, errors: fields.amount.errors },
        ]}
        formErrors={[...(form.errors ?? []), ...(offline || submit.offline ? [t("review.offlineForm")] : [])]}
        formId={fields.amount.id}
        lastResult={offline || submit.offline ? { status: "error" } : lastResult}
        attempts={attempts}
      />
      <Form method="post" action={rechargeHref()} {...getFormProps(form)} onSubmitCapture={onSubmitCapture} onSubmit={submit.onSubmit} className="form">
        <fieldset className="wl-choices">
          <legend className="label">{t("recharge.method")}</legend>
          {fields.method.errors ? <p className="field__error">{fields.method.errors[0]}</p> : null}
          <label className="wl-choice">
            <input type="radio" name={fields.method.name} id={`${form.id}-bank`} value="bank" defaultChecked />
            <span>{t("recharge.bankTransfer")}</span>
          </label>
        </fieldset>
        <Field
          label={t("recharge.amount")}
          hint={t("recharge.amountHint", { amount: minimum })}
          errors={amountErrors}
          inputProps={{
            ...getInputProps(fields.amount, { type: "text", ariaAttributes: false }),
            inputMode: "numeric",
            pattern: WHOLE_AMOUNT_PATTERN,
            maxLength: 12,
            autoComplete: "off",
          }}
        />
        <p className="wl-converted" aria-live="off">
          {converted ? t("convert.approx", { amount: converted, rate: data.settings.convertRate }) : t("convert.none")}
        </p>
        <button type="submit" name="intent" value="review" className="button button--block" disabled={busy || below}>
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
