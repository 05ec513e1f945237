import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";

import { FormErrorSummary, useSubmitAttempts } from "~/components/ui/FormErrors";
import { currencyName, formatAmount, formatSignedAmount, rateText, walletCurrencies } from "~/features/trading/currency";
import type { ConfirmFields } from "~/features/trading/forms.server";
import { QUANTITY_CAPS } from "~/features/trading/order";
import { formatInteger, formatMarketMoney, formatMoney, intlLocale, numberFormat } from "~/format";
import { useOfflineSubmit } from "~/features/trading/useOfflineSubmit";
import { useTranslation } from "~/i18n-react";
import { orderHref, recordsHref } from "~/utils/hrefs";
import { useFormat } from "~/utils/format-context";

import type { StepProps } from "./types";

const CONFIRM_ID = "confirm-submit";

/**
 * "Check your order" (docs/product.md#trading): what, how many, the indicative price, total, fee and net in the
 * stock's currency, and when the wallet is in another currency an estimate of what it is charged at the current
 * rate of the pair the provider converts at (docs/decisions/0102, 0146). One Confirm carries the order and its idempotency key (decision 0101); a failed or
 * unanswered Confirm keeps everything on screen with what happened, and confirming again can only make one order.
 */
export function Review({ data, lastResult, clientFailure }: StepProps) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const navigation = useNavigation();
  const location = useLocation();
  const review = data.review!;
  const selling = data.side === "sell";
  const market = data.target.market;
  const [form, fields] = useForm<ConfirmFields>({
    id: "confirm",
    lastResult,
    constraint: data.constraints.confirm,
    defaultValue: {
      type: data.side,
      position: review.position,
      quantity: String(review.quantity),
      lot: review.lot ?? undefined,
      idempotency_key: review.key,
    },
    shouldValidate: "onSubmit",
  });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const submit = useOfflineSubmit(form.onSubmit);
  const offline = submit.offline;
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  const failures = [
    ...(form.errors ?? []),
    ...(offline ? [t("offline.nothingOrdered")] : []),
    ...(clientFailure === "unknown" ? [t("review.outcomeUnknown")] : []),
  ];
  const outcomeUnknown = clientFailure === "unknown" || failures.includes(t("review.outcomeUnknown"));
  const percent = numberFormat(intlLocale(fmt), { style: "percent", maximumFractionDigits: 3 }).format(Number(data.feeRate));
  const amount = (value: string) => formatAmount(value, fmt, market);
  const lot = data.lots.find((row) => row.no === review.lot);

  const rows: [string, string][] = [
    [t("review.instrument"), `${data.target.name} (${data.display})`],
    [t("review.side"), t(`side.${data.side}`)],
    [t("review.positionType"), t(`positionType.${review.position}`, { cap: QUANTITY_CAPS[review.position] })],
    [t("review.quantity"), formatInteger(review.quantity, fmt)],
    [t("review.price"), formatMarketMoney(review.price, fmt, market)],
  ];
  if (selling && lot) rows.push([t("review.costPrice"), formatMarketMoney(lot.price, fmt, lot.market)]);
  rows.push(
    [t("review.total"), amount(review.estimate.total)],
    [t("review.fee", { rate: percent }), amount(review.estimate.fee)],
    [t(selling ? "review.proceeds" : "review.cost"), amount(review.estimate.net)],
  );
  if (selling && review.estimate.profit !== null) rows.push([t("review.profit"), formatSignedAmount(review.estimate.profit, fmt, market)]);
  const currencies = review.pair ? walletCurrencies(market, fmt) : null;
  if (currencies && review.walletAmount) rows.push([t(selling ? "review.walletCreditEstimate" : "review.walletDebitEstimate"), formatMoney(review.walletAmount, fmt)]);

  return (
    <section aria-labelledby="review-title" className="card tr-review">
      <h2 id="review-title">{t("review.title")}</h2>
      <FormErrorSummary
        fields={[fields.type, fields.position, fields.quantity, fields.lot, fields.idempotency_key].map((field) => ({ id: CONFIRM_ID, errors: field.errors }))}
        formErrors={failures}
        formId={CONFIRM_ID}
        lastResult={offline || clientFailure ? { status: "error" } : lastResult}
        attempts={attempts}
      />
      {outcomeUnknown ? (
        <p>
          <Link to={recordsHref()}>{t("review.checkRecords")}</Link>
        </p>
      ) : null}
      <dl className="tr-review__list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {currencies ? (
        <p className="field__hint">
          {t(review.conversion ? "review.rateEstimateNote" : "review.rateAtFillNote", {
            from: currencies.from,
            to: currencies.to,
            fromName: currencyName(currencies.from, fmt),
            toName: currencyName(currencies.to, fmt),
            rate: review.conversion ? rateText(t, review.conversion, fmt) : "",
            pair: review.pair,
          })}
        </p>
      ) : null}
      <p className="field__hint">{t("review.priceNote")}</p>
      <Form
        method="post"
        action={location.pathname + location.search}
        {...getFormProps(form)}
        onSubmitCapture={onSubmitCapture}
        onSubmit={submit.onSubmit}
        className="actions"
      >
        <input {...getInputProps(fields.type, { type: "hidden" })} key={fields.type.key} />
        <input {...getInputProps(fields.position, { type: "hidden" })} key={fields.position.key} />
        <input {...getInputProps(fields.quantity, { type: "hidden" })} key={fields.quantity.key} />
        {selling ? <input {...getInputProps(fields.lot, { type: "hidden" })} key={fields.lot.key} /> : null}
        <input {...getInputProps(fields.idempotency_key, { type: "hidden" })} key={fields.idempotency_key.key} />
        <button type="submit" name="intent" value="confirm" id={CONFIRM_ID} className="button" disabled={busy}>
          {t(selling ? "review.confirmSell" : "review.confirmBuy")}
        </button>
        <Link
          className="button button--secondary"
          to={orderHref(data.target, {
            type: data.side,
            position: review.position,
            quantity: review.quantity,
            lot: selling ? review.lot : undefined,
          })}
        >
          {t("review.change")}
        </Link>
      </Form>
    </section>
  );
}
