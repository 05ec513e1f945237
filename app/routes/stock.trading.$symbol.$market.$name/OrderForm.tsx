import { Form, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { PriceChangeFigures } from "~/components/ui/PriceChange";
import { RadioTabs } from "~/components/ui/Tabs";
import {
  MIN_QUANTITY,
  POSITION_TYPES,
  QUANTITY_CAPS,
  quantityWarningText,
  readPositionType,
  readQuantity,
  stepQuantity,
} from "~/features/trading/order";
import { limitFillsAtOnce, PRICE_TEXT, takesLimit, takesTrigger } from "~/features/trading/order-types";
import { useProfitLossText } from "~/features/trading/profit-loss";
import { hiddenProps } from "~/forms/hidden";
import { typedNumberProps } from "~/forms/typed-number";
import { useHydrated } from "~/forms/useHydrated";
import { useZodForm } from "~/forms/useZodForm";
import { formatAmount } from "~/i18n/currency";
import { formatInteger, formatMarketMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { orderEstimate } from "~/utils/estimate";

import { Stepper } from "./Stepper";
import type { StepProps, TradingPageData } from "./types";

/**
 * The order form (docs/decisions/0100-order-form-state-in-the-url-and-conform.md, 0159): its starting values come
 * from the loader (the URL), what is typed lives in the inputs (the kit's useZodForm follows it), and the server's reply
 * (`lastResult`) brings back exactly what was typed with the errors on their fields, an error summary that takes
 * focus, and "Error: " in the title. Nothing is clamped behind the customer's back: 999 stays 999 and says why it
 * cannot be ordered. With JS, − / + change the field in place (no round trip).
 */
export function OrderForm({ data, livePrice, lastResult, clientFailure }: StepProps & { livePrice: number }) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const profitLoss = useProfitLossText();
  const location = useLocation();
  // The kit's form (docs/decisions/0200): errors appear after a submit, never while typing.
  const { form, fields, formProps, summary, busy } = useZodForm({
    id: `order-${data.side}`,
    schema: () =>
      import("./schema").then((m) =>
        m.createOrderSchema(t, {
          rules: data.rules
            ? {
                tickSize: data.rules.tickSize,
                price: String(livePrice),
                tickText: data.rules.tickSize,
                priceText: formatMarketMoney(livePrice, fmt, data.target.market),
              }
            : null,
        }),
      ),
    constraint: data.constraint.order,
    lastResult,
    defaultValue: {
      type: data.side,
      position: data.form.position,
      quantity: data.form.quantity,
      lot: data.form.lot ?? undefined,
      order_type: data.form.orderType,
      limit_price: data.form.limitPrice,
      trigger_price: data.form.triggerPrice,
      validity: data.form.validity,
    },
    offline: clientFailure === "offline",
    offlineMessage: t("offline.reviewNotSent"),
  });
  // A − / + press with JS that stopped at a bound (undefined until the first press: the URL's step, if any, speaks).
  const [stepNote, setStepNote] = useState<string | null | undefined>(undefined);
  const hydrated = useHydrated();

  const selling = data.side === "sell";
  const position = readPositionType(fields.position.value ?? data.form.position);
  const typed = fields.quantity.value ?? "";
  const quantity = readQuantity(typed);
  const quantityErrors =
    fields.quantity.errors ??
    (stepNote === undefined ? (data.stepWarning ? [data.stepWarning] : null) : stepNote ? [stepNote] : null);
  const action = location.pathname + location.search;
  const firstLotId = data.lots[0] ? `${form.id}-lot-${data.lots[0].no}` : form.id;

  if (selling && data.lots.length === 0) {
    return (
      <section aria-labelledby="order-title" className="tr-order">
        <h2 id="order-title">{t("trading.sellHeading")}</h2>
        <p className="notice">{t("sell.noPosition", { symbol: data.display })}</p>
      </section>
    );
  }

  // docs/product.md "Order types": the picker only when the provider offers them. Every price field is in the
  // document, with or without JS; the stylesheet shows only those the checked type takes (`.tr-when-*`, by `:has()`),
  // so hydrating changes nothing on screen (no layout shift). A browser without `:has()` shows them all, as before.
  const orderType = (data.orderTypes ? (fields.order_type.value ?? data.form.orderType) : "market") as
    "market" | "limit" | "stop" | "stop_limit";
  const priced = data.orderTypes !== null;
  const limitTyped = fields.limit_price.value ?? "";
  const triggerTyped = fields.trigger_price.value ?? "";
  const fillsAtOnce = hydrated && orderType === "limit" && limitFillsAtOnce(data.side, limitTyped, livePrice);
  // The estimate is at the price the order would fill at: its limit, else its trigger, else the price now.
  const estimatePrice =
    takesLimit(orderType) && PRICE_TEXT.test(limitTyped) && Number(limitTyped) > 0
      ? limitTyped
      : takesTrigger(orderType) && PRICE_TEXT.test(triggerTyped) && Number(triggerTyped) > 0
        ? triggerTyped
        : livePrice;
  const estimate =
    quantity !== null && quantity >= MIN_QUANTITY
      ? orderEstimate({ side: data.side, price: estimatePrice, quantity, feeRate: data.feeRate })
      : null;
  const tick = data.rules ? t("orderKinds.tickHint", { tick: data.rules.tickSize }) : "";
  const lotLabel = (lot: TradingPageData["lots"][number]) =>
    t("sell.lotLabel", {
      count: lot.count,
      qty: formatInteger(lot.count, fmt),
      price: formatMarketMoney(lot.price, fmt, lot.market),
    });

  return (
    <section aria-labelledby="order-title" className="tr-order">
      <h2 id="order-title">{t(selling ? "trading.sellHeading" : "trading.buyHeading")}</h2>
      <FormErrorSummary
        fields={[
          { id: fields.quantity.id, errors: fields.quantity.errors },
          { id: form.id, errors: fields.type.errors },
          { id: form.id, errors: fields.position.errors },
          { id: firstLotId, errors: fields.lot.errors },
          { id: `${form.id}-type-market`, errors: fields.order_type.errors },
          { id: fields.limit_price.id, errors: fields.limit_price.errors },
          { id: fields.trigger_price.id, errors: fields.trigger_price.errors },
          { id: `${form.id}-validity-day`, errors: fields.validity.errors },
        ]}
        formId={fields.quantity.id}
        {...summary}
      />
      {!selling && data.lots.length > 0 ? (
        <section aria-labelledby="lots-title" className="tr-mylots">
          <h3 id="lots-title">{t("trading.yourPositions")}</h3>
          <ul className="list">
            {data.lots.map((lot) => (
              <li key={lot.no} className="list-item">
                <span>{lotLabel(lot)}</span>
                <PriceChangeFigures text={profitLoss(lot.profit, lot.profit_percent, lot.market)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" action={action} {...formProps} className="form">
        {/* Enter in the quantity field submits the first submit button: make that "Review", not "−". */}
        <button
          type="submit"
          name="intent"
          value="review"
          className="tr-default-submit"
          tabIndex={-1}
          aria-hidden="true"
        >
          {t("trading.review")}
        </button>
        <input {...hiddenProps(fields.type, data.side)} />
        {selling ? (
          <fieldset className="tr-lots">
            <legend className="label">{t("sell.lotLegend")}</legend>
            {fields.lot.errors ? <p className="field__error">{fields.lot.errors[0]}</p> : null}
            {data.lots.map((lot) => (
              <label key={lot.no} className="tr-lot">
                <input
                  type="radio"
                  name={fields.lot.name}
                  id={`${form.id}-lot-${lot.no}`}
                  value={lot.no}
                  defaultChecked={lot.no === (fields.lot.initialValue ?? data.form.lot)}
                />
                <span>
                  {lotLabel(lot)} <PriceChangeFigures text={profitLoss(lot.profit, lot.profit_percent, lot.market)} />
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <RadioTabs
          legend={t("positionType.legend")}
          name={fields.position.name}
          defaultValue={fields.position.initialValue ?? data.form.position}
          options={POSITION_TYPES.map((type) => ({
            value: type,
            label: t(`positionType.${type}`, { cap: QUANTITY_CAPS[type] }),
          }))}
        />
        <Stepper
          action={location.pathname}
          onStep={(step) => {
            const next = stepQuantity(typed, step, position);
            form.update({ name: fields.quantity.name, value: String(next.quantity) });
            setStepNote(next.warning ? quantityWarningText(t, next.warning) : null);
          }}
        >
          <Field
            label={t("quantity.label")}
            hint={t("quantity.hint", { min: MIN_QUANTITY, cap: QUANTITY_CAPS[position] })}
            errors={quantityErrors}
            inputProps={{
              ...typedNumberProps(fields.quantity, "numeric"),
              onInput: () => setStepNote(null),
            }}
          />
        </Stepper>
        {data.orderTypes ? (
          <RadioTabs
            legend={t("orderKinds.typeLegend")}
            name={fields.order_type.name}
            idPrefix={`${form.id}-type`}
            defaultValue={fields.order_type.initialValue ?? data.form.orderType}
            options={data.orderTypes.map((type) => ({ value: type, label: t(`orderKinds.type.${type}`) }))}
          />
        ) : null}
        {fields.order_type.errors ? <p className="field__error">{fields.order_type.errors[0]}</p> : null}
        {priced ? (
          <div className="tr-when-limit">
            <Field
              label={t("orderKinds.limitLabel")}
              hint={
                fillsAtOnce ? (
                  <strong>
                    {t(data.side === "buy" ? "orderKinds.fillsAtOnceBuy" : "orderKinds.fillsAtOnceSell", {
                      price: formatMarketMoney(livePrice, fmt, data.target.market),
                    })}
                  </strong>
                ) : (
                  `${t("orderKinds.limitFor")} ${tick}`
                )
              }
              errors={fields.limit_price.errors}
              inputProps={typedNumberProps(fields.limit_price, "decimal")}
            />
          </div>
        ) : null}
        {priced ? (
          <div className="tr-when-trigger">
            <Field
              label={t("orderKinds.triggerLabel")}
              hint={`${t("orderKinds.triggerFor")} ${t(
                data.side === "buy" ? "orderKinds.triggerHintBuy" : "orderKinds.triggerHintSell",
              )} ${tick}`}
              errors={fields.trigger_price.errors}
              inputProps={typedNumberProps(fields.trigger_price, "decimal")}
            />
          </div>
        ) : null}
        {priced ? (
          <div className="tr-when-priced">
            <RadioTabs
              legend={t("orderKinds.validityLegend")}
              name={fields.validity.name}
              idPrefix={`${form.id}-validity`}
              defaultValue={fields.validity.initialValue ?? data.form.validity}
              options={(data.rules?.validities ?? ["day", "gtc"]).map((validity) => ({
                value: validity,
                label: t(`orderKinds.validity.${validity}`, { days: data.rules?.gtcDays ?? 90 }),
              }))}
            />
          </div>
        ) : null}
        <p className="tr-estimate">
          {estimate
            ? t("trading.estimate", { total: formatAmount(estimate.total, fmt, data.target.market) })
            : t("trading.estimateNone")}
        </p>
        <button type="submit" name="intent" value="review" className="button button--block" disabled={busy}>
          {t("trading.review")}
        </button>
      </Form>
    </section>
  );
}
