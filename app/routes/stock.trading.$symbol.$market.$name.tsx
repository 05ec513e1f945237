/**
 * /stock/trading/{symbol}/{market}/{name}?type=buy|sell (auth): buy and sell tabs, a live price panel (3 s), the
 * customer's lots in this symbol, a quantity stepper with half/full position type, then a server-rendered review
 * ("check your answers") with one Confirm button. Everything works as plain HTML forms:
 * - −/+ are GET submit buttons (the loader steps and clamps the quantity); with JS they change the field in place.
 * - "Review order" POSTs; a valid order redirects to `?step=review…`, an invalid one comes back with the errors.
 * - The review's Confirm POST carries an idempotency key rendered by the loader, so a double tap places one order.
 * See docs/decisions/0050-review-before-confirm-and-idempotency-keys.md and 0051-quantity-stepper-without-js.md.
 */
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/i18n-react";

import { useLiveQuotes } from "~/components/market/liveQuotes";
import { formatSignedMoney } from "~/components/trade/money";
import {
  MIN_QUANTITY,
  QUANTITY_CAPS,
  clampQuantity,
  orderEstimate,
  readPositionType,
  readSide,
  stepQuantity,
  tradingHref,
  type PositionType,
  type QuantityWarning,
  type TradingTarget,
} from "~/components/trade/order";
import { parseOrder, quantityWarningText, tradeErrorMessage } from "~/components/trade/order.server";
import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { PriceChange } from "~/components/ui/PriceChange";
import { RadioTabs, LinkTabs } from "~/components/ui/Tabs";
import { deploymentFor, displaySymbol } from "~/deployment";
import { formatInteger, formatMoney, formatPrice, priceDigits, type FormatContext } from "~/format";
import { ProviderError } from "~/provider/core.server";
import { getQuotes, requireMarketData } from "~/provider/market.server";
import {
  getFeeRate,
  getPositions,
  placeBuyOrder,
  sellPosition,
  tradeRequest,
  type PositionRow,
} from "~/provider/trading.server";
import { requireSameOrigin } from "~/security.server";
import { redirectWithToast } from "~/session.server";
import tradeStyles from "~/styles/trade.css";
import type { PageHandle } from "~/utils/page";

const REFRESH_MS = 3_000;
/** The provider returns at most 100 lots per page; more lots of one symbol than that is not a retail case. */
const LOTS_LIMIT = 100;

export const handle: PageHandle = { titleKey: "trading.title", ns: "trade" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tradeStyles }];
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

function targetFrom(params: Record<string, string | undefined>): TradingTarget {
  const symbol = (params.symbol ?? "").trim();
  if (!symbol || symbol.length > 32) throw json({ code: "not_found" }, { status: 404 });
  return { symbol, market: (params.market ?? "").trim(), name: (params.name ?? symbol).trim() };
}

/** The customer's open lots in this symbol (what a sell can name), newest first. */
function loadLots(ctx: Parameters<typeof getPositions>[0], symbol: string) {
  return requireMarketData(getPositions(ctx, { tag: symbol, limit: LOTS_LIMIT })).then((page) =>
    page.rows.filter((row) => row.tag === symbol),
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const target = targetFrom(params);
  const { t, locale, ctx, deployment } = await tradeRequest(request);
  const url = new URL(request.url);
  const side = readSide(url.searchParams.get("type"));
  const position = readPositionType(url.searchParams.get("position"));
  const rawQuantity = url.searchParams.get("quantity");
  const step = url.searchParams.get("step");

  // Without a quantity the form starts at 1 (a tab switch resets price, quantity and position type).
  let quantity = MIN_QUANTITY;
  let warning: QuantityWarning | null = null;
  if (step === "up" || step === "down") {
    ({ quantity, warning } = stepQuantity(Number(rawQuantity), step, position));
  } else if (rawQuantity !== null) {
    ({ quantity, warning } = clampQuantity(Number(rawQuantity), position));
  }

  const [quotes, lots, feeRate] = await Promise.all([
    requireMarketData(getQuotes(ctx, [target.symbol])),
    loadLots(ctx, target.symbol),
    requireMarketData(getFeeRate(ctx)),
  ]);
  const quote = quotes.find((row) => row.symbol.toUpperCase() === target.symbol.toUpperCase());
  if (!quote) throw json({ code: "not_found" }, { status: 404 });

  const lotParam = url.searchParams.get("lot");
  const lot: PositionRow | null = lots.find((row) => row.no === lotParam) ?? lots[0] ?? null;

  // The review is only shown for an order that passes the same checks as the review submit.
  const reviewable =
    step === "review" && warning === null && (side === "buy" || (lot !== null && quantity <= lot.count));
  const review = reviewable
    ? {
        ...orderEstimate({ side, price: quote.price, quantity, feeRate, costPrice: lot?.price }),
        idempotencyKey: crypto.randomUUID(),
      }
    : null;

  return json(
    {
      locale,
      deployment: deployment.code,
      asOf: Date.now(),
      target: { symbol: quote.symbol, market: target.market || quote.market, name: target.name || quote.name },
      display: displaySymbol(quote.symbol, deployment),
      quote: {
        symbol: quote.symbol,
        market: quote.market,
        price: quote.price,
        change: quote.change,
        changePercent: quote.changePercent,
        high: quote.high,
        low: quote.low,
      },
      side,
      position,
      quantity,
      quantityWarning: warning ? quantityWarningText(t, warning) : null,
      feeRate,
      lots: lots.map(({ no, count, price, current_price, profit, profit_percent }) => ({
        no,
        count,
        price,
        current_price,
        profit,
        profit_percent,
      })),
      lot: lot?.no ?? null,
      review,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const target = targetFrom(params);
  const { t, ctx, fmt, deployment } = await tradeRequest(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const submission = parseOrder(formData, t);
  if (submission.status !== "success") {
    // SPEC §5: the quantity comes back clamped to 1..cap, with the warning on the field.
    const clamped = clampQuantity(Number(formData.get("quantity")), readPositionType(formData.get("position")));
    return json({ result: submission.reply(), quantity: clamped.quantity }, { status: 400 });
  }
  const order = submission.value;

  let lot: PositionRow | null = null;
  if (order.type === "sell") {
    const lots = await loadLots(ctx, target.symbol);
    lot = lots.find((row) => row.no === order.lot) ?? null;
    if (!lot) {
      return json({ result: submission.reply({ fieldErrors: { lot: [t("sell.lotGone")] } }) }, { status: 400 });
    }
    if (order.quantity > lot.count) {
      return json(
        { result: submission.reply({ fieldErrors: { quantity: [t("sell.exceedsLot", { qty: lot.count })] } }) },
        { status: 400 },
      );
    }
  }

  if (intent === "review") {
    return redirect(
      tradingHref(target, {
        type: order.type,
        position: order.position,
        quantity: order.quantity,
        lot: lot?.no,
        step: "review",
      }),
    );
  }

  if (intent !== "confirm" || !order.idempotency_key) {
    return json({ result: submission.reply({ formErrors: [t("errors.submissionFailed")] }) }, { status: 400 });
  }

  try {
    if (order.type === "buy") {
      const deal = await placeBuyOrder(ctx, { tag: target.symbol, count: order.quantity, idempotencyKey: order.idempotency_key });
      return redirectWithToast(request, tradingHref(target, { type: "buy" }), {
        key: deal.status === 0 ? "trade:toast.buyPending" : "trade:toast.buySuccess",
        values: { qty: deal.count, symbol: displaySymbol(deal.tag, deployment), price: formatPrice(deal.price, fmt, deal.type) },
      });
    }
    const deal = await sellPosition(ctx, { no: lot!.no, count: order.quantity, idempotencyKey: order.idempotency_key });
    const sellPrice = deal.sell_price ?? deal.price;
    return redirectWithToast(request, tradingHref(target, { type: "sell" }), {
      key: deal.status === 0 ? "trade:toast.sellPending" : "trade:toast.sellSuccess",
      values: {
        qty: deal.count,
        symbol: displaySymbol(deal.tag, deployment),
        price: formatPrice(sellPrice, fmt, deal.type),
        profit: formatSignedMoney(deal.profit ?? (sellPrice - deal.price) * deal.count, fmt),
      },
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const message = tradeErrorMessage(t, error.code);
    const onQuantity = error.code === "count_exceeds_position";
    return json(
      { result: submission.reply(onQuantity ? { fieldErrors: { quantity: [message] } } : { formErrors: [message] }) },
      { status: 400 },
    );
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function TradingPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("trade");
  const fmt: FormatContext = useMemo(
    () => ({ locale: data.locale, deployment: deploymentFor(data.deployment) }),
    [data.locale, data.deployment],
  );
  const symbols = useMemo(() => [data.quote.symbol], [data.quote.symbol]);
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf).get(data.quote.symbol);
  const quote = live ? { ...data.quote, ...live } : data.quote;
  const price = (value: number) => formatPrice(value, fmt, quote.market);

  return (
    <div className="tr-page">
      <h1 className="tr-h1">
        {data.target.name}
        {data.display !== data.target.name ? <span className="tr-sym tr-muted"> {data.display}</span> : null}
      </h1>
      <LinkTabs
        label={t("trading.sides")}
        tabs={(["buy", "sell"] as const).map((side) => ({
          to: tradingHref(data.target, { type: side }),
          label: t(`side.${side}`),
          current: side === data.side,
        }))}
      />
      <section className="card tr-quote" aria-labelledby="quote-title">
        <h2 id="quote-title" className="sr-only">
          {t("trading.priceHeading")}
        </h2>
        <p className="tr-price">
          <span className="tr-num tr-price__value">{price(quote.price)}</span>{" "}
          <PriceChange change={quote.change} percent={quote.changePercent} decimals={priceDigits(quote.market)} />
        </p>
        <dl className="tr-stats">
          <div>
            <dt>{t("trading.high")}</dt>
            <dd className="tr-num">{price(quote.high)}</dd>
          </div>
          <div>
            <dt>{t("trading.low")}</dt>
            <dd className="tr-num">{price(quote.low)}</dd>
          </div>
        </dl>
      </section>
      {data.review ? <Review data={data} fmt={fmt} /> : <OrderForm data={data} fmt={fmt} livePrice={quote.price} />}
    </div>
  );
}

function useCurrentHref() {
  const location = useLocation();
  return location.pathname + location.search;
}

/** Errors of the last submit of this page (Conform's reply shape), if any. */
function useSubmitErrors() {
  const actionData = useActionData<typeof action>();
  const result = actionData?.result;
  const error = (result?.error ?? {}) as Record<string, string[] | null | undefined>;
  const submitted = (result?.initialValue ?? null) as Record<string, unknown> | null;
  const clamped = actionData && "quantity" in actionData ? actionData.quantity : undefined;
  return {
    result,
    quantity: error.quantity ?? null,
    lot: error.lot ?? null,
    form: error[""] ?? null,
    /** What the failed submit carried, so the form shows it again (quantity clamped). */
    values: submitted
      ? {
          position: readPositionType(submitted.position),
          quantity: typeof clamped === "number" ? clamped : Number(submitted.quantity) || MIN_QUANTITY,
          lot: typeof submitted.lot === "string" ? submitted.lot : null,
        }
      : null,
  };
}

function OrderForm({ data, fmt, livePrice }: { data: LoaderData; fmt: FormatContext; livePrice: number }) {
  const { t } = useTranslation("trade");
  const navigation = useNavigation();
  const errors = useSubmitErrors();
  const action = useCurrentHref();
  const initial = errors.values ?? { position: data.position, quantity: data.quantity, lot: data.lot };
  const [position, setPosition] = useState<PositionType>(initial.position);
  const [quantity, setQuantity] = useState(String(initial.quantity));
  const [warning, setWarning] = useState<string | null>(errors.values ? null : data.quantityWarning);
  // A new page (tab switch, a step without JS) or a failed submit brings its own values; typing does not.
  const source = errors.result ?? data;
  useEffect(() => {
    setPosition(initial.position);
    setQuantity(String(initial.quantity));
    setWarning(errors.values ? null : data.quantityWarning);
    // Only when the source object changes (a new load or a new action reply), never on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);

  const warningText = (next: QuantityWarning | null, type: PositionType) =>
    next === null
      ? null
      : next.kind === "min"
        ? t("quantity.min", { min: MIN_QUANTITY })
        : t("quantity.max", { cap: next.cap, type: t(`positionType.${type}Word`) });

  const applyClamp = (next: { quantity: number; warning: QuantityWarning | null }, type: PositionType) => {
    setQuantity(String(next.quantity));
    setWarning(warningText(next.warning, type));
  };

  const selling = data.side === "sell";
  const noLots = selling && data.lots.length === 0;
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const quantityErrors = errors.quantity ?? (warning ? [warning] : null);
  const price = (value: number) => formatPrice(value, fmt, data.quote.market);

  return (
    <section aria-labelledby="order-title" className="tr-order">
      <h2 id="order-title">{t(selling ? "trading.sellHeading" : "trading.buyHeading")}</h2>
      <FormErrorSummary
        fields={[
          { id: "order-quantity", errors: errors.quantity ?? undefined },
          { id: data.lots[0] ? `lot-${data.lots[0].no}` : "order-quantity", errors: errors.lot ?? undefined },
        ]}
        formErrors={errors.form}
        formId="order-quantity"
        lastResult={errors.result}
      />
      {!selling && data.lots.length > 0 ? <LotList data={data} fmt={fmt} /> : null}
      {noLots ? (
        <p className="notice">{t("sell.noPosition", { symbol: data.display })}</p>
      ) : (
        <Form method="post" action={action} className="form" id="order-form" noValidate>
          {/* Enter in the quantity field submits the first submit button: make that "Review", not "−". */}
          <button type="submit" name="intent" value="review" className="tr-default-submit" tabIndex={-1} aria-hidden="true">
            {t("trading.review")}
          </button>
          <input type="hidden" name="type" value={data.side} />
          {selling ? (
            <fieldset className="tr-lots">
              <legend className="label">{t("sell.lotLegend")}</legend>
              {errors.lot ? <p className="field__error">{errors.lot[0]}</p> : null}
              {data.lots.map((lot) => (
                <label key={lot.no} className="tr-lot">
                  <input type="radio" name="lot" id={`lot-${lot.no}`} value={lot.no} defaultChecked={lot.no === (initial.lot ?? data.lot)} />
                  <span>
                    {t("sell.lotLabel", { qty: formatInteger(lot.count, fmt), price: price(lot.price) })}{" "}
                    <PriceChange change={Number(lot.profit)} percent={lot.profit_percent} />
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <RadioTabs
            key={`${data.side}-${initial.position}`}
            legend={t("positionType.legend")}
            name="position"
            defaultValue={initial.position}
            options={(["half", "full"] as const).map((type) => ({
              value: type,
              label: t(`positionType.${type}`, { cap: QUANTITY_CAPS[type] }),
            }))}
            onChange={(value) => {
              const type = readPositionType(value);
              setPosition(type);
              const current = Number(quantity);
              if (current > QUANTITY_CAPS[type]) applyClamp(clampQuantity(current, type), type);
            }}
          />
          <div className="tr-stepper">
            <StepButton step="down" action={action} onStep={() => applyClamp(stepQuantity(Number(quantity), "down", position), position)} />
            <Field
              label={t("quantity.label")}
              hint={t("quantity.hint", { min: MIN_QUANTITY, cap: QUANTITY_CAPS[position] })}
              errors={quantityErrors}
              inputProps={{
                id: "order-quantity",
                name: "quantity",
                type: "number",
                inputMode: "numeric",
                min: MIN_QUANTITY,
                max: QUANTITY_CAPS[position],
                step: 1,
                required: true,
                value: quantity,
                onChange: (event) => {
                  setQuantity(event.currentTarget.value.replace(/[^\d]/g, ""));
                  setWarning(null);
                },
                onBlur: () => applyClamp(clampQuantity(Number(quantity), position), position),
              }}
            />
            <StepButton step="up" action={action} onStep={() => applyClamp(stepQuantity(Number(quantity), "up", position), position)} />
          </div>
          <p className="tr-estimate">
            {t("trading.estimate", {
              total: formatMoney(orderEstimate({ side: data.side, price: livePrice, quantity: Number(quantity) || 0, feeRate: data.feeRate }).total, fmt),
            })}
          </p>
          <button type="submit" name="intent" value="review" className="button button--block" disabled={busy}>
            {t("trading.review")}
          </button>
        </Form>
      )}
    </section>
  );
}

/**
 * − or +: without JS a GET submit of the whole form (the loader steps and clamps); with JS it changes the field
 * in place and the page stays put.
 */
function StepButton({ step, action, onStep }: { step: "up" | "down"; action: string; onStep: () => void }) {
  const { t } = useTranslation("trade");
  return (
    <button
      type="submit"
      name="step"
      value={step}
      formMethod="get"
      formAction={action.split("?")[0]}
      formNoValidate
      className="button button--secondary tr-step"
      aria-label={t(step === "up" ? "quantity.increase" : "quantity.decrease")}
      aria-controls="order-quantity"
      onClick={(event) => {
        event.preventDefault();
        onStep();
      }}
    >
      <span aria-hidden="true">{step === "up" ? "+" : "−"}</span>
    </button>
  );
}

function LotList({ data, fmt }: { data: LoaderData; fmt: FormatContext }) {
  const { t } = useTranslation("trade");
  return (
    <section aria-labelledby="lots-title" className="tr-mylots">
      <h3 id="lots-title">{t("trading.yourPositions")}</h3>
      <ul className="list">
        {data.lots.map((lot) => (
          <li key={lot.no} className="list-item">
            <span>{t("sell.lotLabel", { qty: formatInteger(lot.count, fmt), price: formatPrice(lot.price, fmt, data.quote.market) })}</span>
            <PriceChange change={Number(lot.profit)} percent={lot.profit_percent} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Review({ data, fmt }: { data: LoaderData; fmt: FormatContext }) {
  const { t } = useTranslation("trade");
  const navigation = useNavigation();
  const errors = useSubmitErrors();
  const action = useCurrentHref();
  const review = data.review!;
  const selling = data.side === "sell";
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const failure = errors.form?.[0] ?? errors.quantity?.[0] ?? errors.lot?.[0] ?? null;
  const lot = data.lots.find((row) => row.no === data.lot);
  const rows: [string, string][] = [
    [t("review.instrument"), `${data.target.name} (${data.display})`],
    [t("review.side"), t(`side.${data.side}`)],
    [t("review.positionType"), t(`positionType.${data.position}`, { cap: QUANTITY_CAPS[data.position] })],
    [t("review.quantity"), formatInteger(data.quantity, fmt)],
    [t("review.price"), formatPrice(data.quote.price, fmt, data.quote.market)],
    [t("review.total"), formatMoney(review.total, fmt)],
    [t("review.fee", { rate: new Intl.NumberFormat(data.locale, { style: "percent", maximumFractionDigits: 3 }).format(data.feeRate) }), formatMoney(review.fee, fmt)],
    [t(selling ? "review.proceeds" : "review.cost"), formatMoney(review.net, fmt)],
  ];
  if (selling && lot) rows.splice(4, 0, [t("review.costPrice"), formatPrice(lot.price, fmt, data.quote.market)]);
  if (selling && review.profit !== null) rows.push([t("review.profit"), formatSignedMoney(review.profit, fmt)]);
  return (
    <section aria-labelledby="review-title" className="card tr-review">
      <h2 id="review-title">{t("review.title")}</h2>
      <dl className="tr-review__list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="field__hint">{t("review.priceNote")}</p>
      <div className="tr-result" role="status" aria-live="polite">
        {failure ? <p className="field__error">{failure}</p> : null}
      </div>
      <Form method="post" action={action} className="actions">
        <input type="hidden" name="type" value={data.side} />
        <input type="hidden" name="position" value={data.position} />
        <input type="hidden" name="quantity" value={data.quantity} />
        {data.lot && selling ? <input type="hidden" name="lot" value={data.lot} /> : null}
        <input type="hidden" name="idempotency_key" value={review.idempotencyKey} />
        <button type="submit" name="intent" value="confirm" className="button" disabled={busy}>
          {t(selling ? "review.confirmSell" : "review.confirmBuy")}
        </button>
        <Link
          className="button button--secondary"
          to={tradingHref(data.target, { type: data.side, position: data.position, quantity: data.quantity, lot: selling ? data.lot : null })}
        >
          {t("review.change")}
        </Link>
      </Form>
    </section>
  );
}
