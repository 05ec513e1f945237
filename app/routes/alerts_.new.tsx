/**
 * /alerts/new?symbol=… (auth; docs/product.md#price-alerts): a new price alert for one stock, opened from its chart
 * and the watchlist. A page of its own so it works without JavaScript. The stock's name, price and decimals come
 * from its quote; a provider without alerts (404) has no such page (docs/decisions/0450).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { AlertForm } from "~/features/alerts/AlertForm";
import { alertFormAction, alertsT, backTo, MAX_ACTIVE_ALERTS } from "~/features/alerts/form.server";
import { formConstraint } from "~/forms/constraint.server";
import type { ActionReply } from "~/forms/reply";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { formatMarketMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { addAlert, listAlertsIfOffered } from "~/provider/alerts.server";
import { requireData } from "~/provider/failures.server";
import { getYahoo } from "~/provider/market.server";
import { newAlertHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["alerts:form", "alerts:terms"], titleKey: "alerts:form.newTitle" };
export const headers = noStoreHeaders;

const notFound = () => json({ code: "not_found" }, { status: 404, headers: NO_STORE });

/** The stock the form is for, by the `symbol` of its URL (any spelling the provider knows). */
async function stockOf(context: UserRequestContext) {
  const symbol = new URL(context.request.url).searchParams.get("symbol")?.trim() ?? "";
  if (!symbol || symbol.length > 32) throw notFound();
  const [quote, alerts] = await Promise.all([
    requireData(getYahoo(context.provider, { symbol, mold: "SVG" })),
    listAlertsIfOffered(context.provider, { status: "active", limit: 1 }),
  ]);
  if (!alerts) throw notFound();
  const precision = (quote as { precision?: number }).precision ?? 2;
  return {
    symbol: quote.symbol,
    name: quote.name,
    market: quote.market ?? null,
    price: quote.price,
    precision,
    active: alerts.active,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "alerts");
  const stock = await stockOf(context);
  const { createAlertSchema } = await import("~/features/alerts/alert.schema");
  return json(
    {
      stock,
      max: MAX_ACTIVE_ALERTS,
      back: backTo(request),
      constraint: formConstraint(createAlertSchema(alertsT(context), { precision: stock.precision })),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "alerts");
  const stock = await stockOf(context);
  return alertFormAction(context, await request.formData(), {
    precision: stock.precision,
    where: "new price alert",
    toastKey: "alerts:toast.created",
    call: (value) => addAlert(context.provider, { tag: stock.symbol, ...value }),
  });
}

export default function NewAlertPage() {
  const { t } = useTranslation("alerts");
  const fmt = useFormat();
  const { stock, constraint, back } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionReply | undefined;
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("form.heading", { name: stock.name })}</h1>
      <p>{t("form.now", { price: formatMarketMoney(stock.price, fmt, stock.market) })}</p>
      <AlertForm
        id="new-alert"
        action={newAlertHref(stock.symbol, back)}
        constraint={constraint}
        precision={stock.precision}
        defaults={{ condition: "above", price: "", percent: "" }}
        reply={reply}
        submitLabel={t("form.create")}
        backHref={back}
      />
    </div>
  );
}
