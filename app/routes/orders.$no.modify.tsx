/**
 * /orders/{no}/modify (auth; docs/product.md "Order types", docs/decisions/0441): change an open limit, stop or
 * stop-limit order's quantity, prices and validity. A screen with its own URL, so it works without JavaScript and
 * can be reached from the records and from the stock's screen (`?back=` says which to return to). The page's
 * idempotency key is minted by the loader: the same page posted twice changes the order once. An order that has
 * already filled, been cancelled or expired is said plainly and nothing is changed.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { RadioTabs } from "~/components/ui/Tabs";
import { backHref, requireOrder } from "~/features/trading/open-orders.server";
import { takesLimit, takesTrigger, type OrderPriceRules } from "~/features/trading/order-types";
import { endedText, orderSentence } from "~/features/trading/order-words";
import { tradeLinks } from "~/features/trading/route-exports";
import { formAction, refuseRequest } from "~/forms/action.server";
import { formConstraint } from "~/forms/constraint.server";
import { hiddenProps } from "~/forms/hidden";
import { typedNumberProps } from "~/forms/typed-number";
import { useZodForm } from "~/forms/useZodForm";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { formatMarketMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { ProviderError } from "~/provider/core.server";
import { failureMessage, requireData } from "~/provider/failures.server";
import { getQuotes } from "~/provider/market.server";
import { getDealRules, modifyOrder, type RecordFigures } from "~/provider/trading.server";
import { mintReviewKey } from "~/session/review-key.server";
import { modifyOrderHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

import type { ModifyOrderOptions } from "./orders.$no.modify.schema";

export const handle: PageHandle = {
  i18n: ["trade:orderKinds", "trade:quantity", "trade:errors"],
  titleKey: "trade:orderKinds.pageTitle.modify",
};
export const links = tradeLinks;
export const headers = noStoreHeaders;

const PRICE_CODES = new Set(["price_not_on_tick", "trigger_wrong_side", "limit_wrong_side"]);

/** The form's options: the order's side, type and terms, its symbol's tick and the price now. */
async function modifyOptions(context: UserRequestContext, order: RecordFigures): Promise<ModifyOrderOptions | null> {
  const [rules, quotes] = await Promise.all([
    requireData(getDealRules(context.provider, order.symbol)),
    requireData(getQuotes(context.provider, [order.symbol])),
  ]);
  const quote = quotes.find((row) => row.symbol === order.symbol);
  if (!rules || !quote) return null;
  const priceRules: OrderPriceRules = {
    tickSize: rules.tick_size,
    price: String(quote.price),
    tickText: rules.tick_size,
    priceText: formatMarketMoney(quote.price, context.fmt, order.market),
  };
  return {
    side: order.side,
    orderType: order.orderType,
    triggered: order.triggered,
    rules: priceRules,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const order = await requireOrder(context, params.no ?? "");
  const back = backHref(new URL(request.url).searchParams.get("back"));
  const open = order.status === 0 && order.orderType !== "market";
  const options = open ? await modifyOptions(context, order) : null;
  const { createModifyOrderSchema } = await import("./orders.$no.modify.schema");
  return json(
    {
      order,
      back,
      sentence: orderSentence(context.t, context.fmt, order),
      ended: order.status === 0 ? null : endedText(context.t, context.fmt, order),
      options,
      // A key per page: posting this page again (a double tap, a retry) changes the order once.
      key: options ? mintReviewKey(context.provider.token ?? "") : null,
      constraint: options ? formConstraint(createModifyOrderSchema(context.t, options)) : {},
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "trade");
  const { t } = context;
  const url = new URL(request.url);
  const order = await requireOrder(context, params.no ?? "");
  const back = backHref(url.searchParams.get("back"));
  if (order.status !== 0) return refuseRequest(endedText(t, context.fmt, order));
  const options = await modifyOptions(context, order);
  if (!options || order.orderType === "market") return refuseRequest(t("orderKinds.modify.marketOrder"));
  const { createModifyOrderSchema, wasTerms } = await import("./orders.$no.modify.schema");
  let ended: string | null = null;
  return formAction(await request.formData(), {
    schema: createModifyOrderSchema(t, options),
    t,
    where: "order modify",
    call: async (value) => {
      const current = wasTerms(value);
      const changed = (typed: string | undefined, was: string | null) =>
        typed !== undefined && typed !== "" && (was === null || Number(typed) !== Number(was)) ? typed : undefined;
      try {
        return await modifyOrder(context.provider, {
          no: order.no,
          count: value.quantity !== current.count ? value.quantity : undefined,
          limitPrice: takesLimit(order.orderType) ? changed(value.limit_price, current.limitPrice) : undefined,
          triggerPrice:
            takesTrigger(order.orderType) && !order.triggered
              ? changed(value.trigger_price, current.triggerPrice)
              : undefined,
          // A validity sent restarts its window (docs/provider-api.md "Modify"): only when it changes.
          validity: value.validity !== current.validity ? value.validity : undefined,
          idempotencyKey: value.idempotency_key,
        });
      } catch (error) {
        // Filled (or cancelled, expired) since the page was shown: say how it ended, nothing was changed.
        if (error instanceof ProviderError && error.code === "order_not_pending")
          ended = endedText(t, context.fmt, await requireOrder(context, order.no));
        throw error;
      }
    },
    success: () => ({ to: back, toast: { key: "trade:toast.orderModified", values: { no: order.no } } }),
    inputFields: { count: "quantity", limit_price: "limit_price", trigger_price: "trigger_price" },
    codeFields: { count_exceeds_position: "quantity", not_sufficient_funds: "quantity" },
    message: (failure) =>
      failure.kind === "business" && failure.code === "order_not_pending" && ended
        ? ended
        : failure.kind === "business" && PRICE_CODES.has(failure.code)
          ? t(`orderKinds.provider.${failure.code}`)
          : failureMessage(t, failure, "errors.submissionFailed"),
  });
}

export default function ModifyOrderPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const { order, options } = data;
  const { form, fields, formProps, summary, busy } = useZodForm({
    id: "modify-order",
    schema: () =>
      import("./orders.$no.modify.schema").then((m) => m.createModifyOrderSchema(t, options ?? FALLBACK_OPTIONS)),
    defaultValue: {
      quantity: String(order.count),
      limit_price: order.limitPrice === null ? undefined : String(order.limitPrice),
      trigger_price: order.triggerPrice === null ? undefined : String(order.triggerPrice),
      validity: order.validity ?? "day",
    },
  });
  const title = t("orderKinds.modify.title", { no: order.no });
  if (data.ended || !options || !data.key) {
    return (
      <section className="card" aria-labelledby="modify-title">
        <h1 id="modify-title">{title}</h1>
        <p>{data.sentence}</p>
        <p className="notice">{data.ended ?? t("orderKinds.modify.marketOrder")}</p>
        <Link to={data.back} className="button button--secondary">
          {t("orderKinds.modify.back")}
        </Link>
      </section>
    );
  }
  const tick = t("orderKinds.tickHint", { tick: options.rules.tickSize });
  return (
    <div className="tr-page">
      <h1 className="tr-h1" tabIndex={-1}>
        {title}
      </h1>
      <FormErrorSummary
        fields={[fields.quantity, fields.limit_price, fields.trigger_price, fields.validity]}
        {...summary}
      />
      <p>{data.sentence}</p>
      <p className="field__hint">{t("orderKinds.modify.intro")}</p>
      <Form method="post" action={modifyOrderHref(order.no, data.back)} {...formProps} className="form card">
        <input {...hiddenProps(fields.idempotency_key, data.key)} />
        {/* The terms this page shows: the change is worked out against them (a second post sends the same). */}
        <input {...hiddenProps(fields.was_count, String(order.count))} />
        {order.limitPrice !== null ? <input {...hiddenProps(fields.was_limit, String(order.limitPrice))} /> : null}
        {order.triggerPrice !== null ? (
          <input {...hiddenProps(fields.was_trigger, String(order.triggerPrice))} />
        ) : null}
        <input {...hiddenProps(fields.was_validity, order.validity ?? "day")} />
        <Field
          label={t("orderKinds.modify.quantityLabel")}
          hint={t("orderKinds.modify.quantityHint")}
          errors={fields.quantity.errors}
          inputProps={typedNumberProps(fields.quantity, "numeric")}
        />
        {takesTrigger(order.orderType) && !order.triggered ? (
          <Field
            label={t("orderKinds.triggerLabel")}
            hint={`${t(order.side === "buy" ? "orderKinds.triggerHintBuy" : "orderKinds.triggerHintSell")} ${tick}`}
            errors={fields.trigger_price.errors}
            inputProps={typedNumberProps(fields.trigger_price, "decimal")}
          />
        ) : null}
        {order.triggered ? (
          <p className="field__hint">
            {t("orderKinds.modify.triggered")}{" "}
            {order.triggerPrice !== null
              ? t("orderKinds.open.triggerAt", { price: formatMarketMoney(order.triggerPrice, fmt, order.market) })
              : null}
          </p>
        ) : null}
        {takesLimit(order.orderType) ? (
          <Field
            label={t("orderKinds.limitLabel")}
            hint={tick}
            errors={fields.limit_price.errors}
            inputProps={typedNumberProps(fields.limit_price, "decimal")}
          />
        ) : null}
        <RadioTabs
          legend={t("orderKinds.validityLegend")}
          name={fields.validity.name}
          idPrefix={`${form.id}-validity`}
          defaultValue={fields.validity.initialValue ?? order.validity ?? "day"}
          options={(["day", "gtc"] as const).map((validity) => ({
            value: validity,
            label: t(`orderKinds.validity.${validity}`, { days: 90 }),
          }))}
        />
        {fields.validity.errors ? <p className="field__error">{fields.validity.errors[0]}</p> : null}
        <div className="actions">
          <button type="submit" name="intent" value="modify" className="button" disabled={busy}>
            {t("orderKinds.modify.submit")}
          </button>
          <Link to={data.back} className="button button--secondary">
            {t("orderKinds.modify.back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

/** Never used to check a form (the page shows none without options); keeps the hook's call unconditional. */
const FALLBACK_OPTIONS: ModifyOrderOptions = {
  side: "buy",
  orderType: "limit",
  triggered: false,
  rules: { tickSize: "0.01", price: null, tickText: "0.01", priceText: "" },
};
