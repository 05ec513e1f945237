/**
 * /alerts (auth; docs/product.md#price-alerts): the customer's price alerts, newest first: watching, paused, or
 * fired (when, at what price). Each can be edited, paused or resumed (a fired one watched again) and deleted after
 * a confirm step (`?confirm=delete&id=…` without JavaScript, a dialog with it). Every button is a plain post, so
 * the screen works without JavaScript. Linked from Settings and the stock's chart; a provider without alerts has
 * no such screen (docs/decisions/0450).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { ConfirmPanel, ConfirmTrigger } from "~/components/ui/ConfirmDialog";
import { IntentForm } from "~/components/ui/IntentForm";
import { Pager } from "~/components/ui/Pager";
import { alertsT, findAlert, MAX_ACTIVE_ALERTS } from "~/features/alerts/form.server";
import { alertTermsText } from "~/features/alerts/words";
import { refuseRequest } from "~/forms/action.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { formatDateTime, formatMarketMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { deleteAlert, listAlerts, pauseAlert, resumeAlert, type AlertRow } from "~/provider/alerts.server";
import { classifyFailure, logFailure, requireData } from "~/provider/failures.server";
import { redirectWithToast } from "~/session/toast.server";
import { alertsHref, deleteAlertHref, editAlertHref, chartHref, watchlistHref, withQuery } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["alerts:list", "alerts:terms", "alerts:status"],
  titleKey: "alerts:list.title",
};
export const headers = noStoreHeaders;

const PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "alerts");
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(1000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const list = await requireData(listAlerts(context.provider, { status: "all", page, limit: PAGE_SIZE }));
  const confirmId = url.searchParams.get("confirm") === "delete" ? Number(url.searchParams.get("id")) : NaN;
  // The delete step without JavaScript: the alert from this page, or looked up when it is on another one.
  const confirming =
    Number.isSafeInteger(confirmId) && confirmId > 0
      ? (list.rows.find((row) => row.id === confirmId) ?? (await findAlert(context.provider, confirmId)))
      : null;
  return json(
    {
      rows: list.rows,
      active: list.active,
      max: list.max_active || MAX_ACTIVE_ALERTS,
      page,
      pageCount: Math.max(1, Math.ceil(list.count / PAGE_SIZE)),
      total: list.count,
      confirming,
    },
    { headers: NO_STORE },
  );
}

const INTENTS = ["pause", "resume", "delete"] as const;

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "alerts");
  const t = alertsT(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const rawId = String(form.get("id") ?? "");
  if (!(INTENTS as readonly string[]).includes(intent) || !/^\d{1,15}$/.test(rawId)) {
    return refuseRequest(t("toast.failed"));
  }
  const id = Number(rawId);
  const done = (key: `alerts:toast.${"paused" | "resumed" | "deleted"}`, row: AlertRow) =>
    redirectWithToast(alertsHref(), { key, values: { what: alertTermsText(t, context.fmt, row) } });
  const refused = (key: "alerts:toast.unknownAlert" | "alerts:toast.failed" | "alerts:toast.tooMany") =>
    redirectWithToast(alertsHref(), { key, values: { max: MAX_ACTIVE_ALERTS }, type: "error" });
  try {
    if (intent === "pause") return await done("alerts:toast.paused", await pauseAlert(context.provider, id));
    if (intent === "resume") return await done("alerts:toast.resumed", await resumeAlert(context.provider, id));
    const row = await findAlert(context.provider, id);
    if (!row) return await refused("alerts:toast.unknownAlert");
    await deleteAlert(context.provider, id);
    return await done("alerts:toast.deleted", row);
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.kind === "business" && failure.code === "not_found") return refused("alerts:toast.unknownAlert");
    if (failure.kind === "business" && failure.code === "too_many_alerts") return refused("alerts:toast.tooMany");
    logFailure(`price alert ${intent}`, failure);
    return refused("alerts:toast.failed");
  }
}

export type AlertsPageData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AlertsPage() {
  const { t } = useTranslation("alerts");
  const fmt = useFormat();
  const { rows, active, max, page, pageCount, total, confirming } = useLoaderData<typeof loader>();
  // The words of every row, made once for the list (docs/decisions/0313).
  const terms = (row: AlertRow) => alertTermsText(t, fmt, row);
  const deletePanel = (row: AlertRow, inDialog: boolean) => (
    <ConfirmPanel
      title={t("list.deleteTitle")}
      text={t("list.deleteText", { what: terms(row) })}
      action={alertsHref()}
      confirmLabel={t("list.deleteConfirm")}
      cancelLabel={t("list.cancel")}
      cancelHref={alertsHref()}
      inDialog={inDialog}
      hidden={{ intent: "delete", id: String(row.id) }}
    />
  );
  if (confirming) {
    return (
      <section aria-labelledby="confirm-title" className="card">
        {deletePanel(confirming, false)}
      </section>
    );
  }
  return (
    <section aria-labelledby="alerts-title" className="wl-page">
      <h1 id="alerts-title">{t("list.title")}</h1>
      <p>{t("list.intro")}</p>
      {rows.length === 0 ? (
        <div className="card">
          <h2>{t("list.emptyTitle")}</h2>
          <p>{t("list.emptyHow")}</p>
          <Link to={watchlistHref()} className="button">
            {t("list.findStock")}
          </Link>
        </div>
      ) : (
        <>
          <p>{t("list.watching", { active, max })}</p>
          <ul className="list card">
            {rows.map((row) => {
              const what = terms(row);
              const of = (action: string) => t("list.actionOf", { action, what });
              const toggle =
                row.status === "active"
                  ? { intent: "pause", label: t("list.pause") }
                  : { intent: "resume", label: row.status === "fired" ? t("list.rearm") : t("list.resume") };
              return (
                <li key={row.id} className="list-item alert-row">
                  <div>
                    <p>
                      <strong>{what}</strong> <span className="badge">{t(`status.${row.status}`)}</span>
                    </p>
                    <p className="muted">
                      {row.status === "fired" && row.fired_at && row.fired_price !== null
                        ? t("list.fired", {
                            time: formatDateTime(row.fired_at, fmt),
                            price: formatMarketMoney(row.fired_price, fmt, row.type),
                          })
                        : t("list.created", { time: formatDateTime(row.created_at, fmt) })}
                    </p>
                  </div>
                  <div className="actions">
                    <Link
                      to={editAlertHref(row.id)}
                      className="button button--secondary button--small"
                      aria-label={of(t("list.edit"))}
                    >
                      {t("list.edit")}
                    </Link>
                    <IntentForm
                      action={alertsHref()}
                      intent={toggle.intent}
                      values={{ id: row.id }}
                      className="button button--secondary button--small"
                      aria-label={of(toggle.label)}
                    >
                      {toggle.label}
                    </IntentForm>
                    <ConfirmTrigger
                      confirmHref={deleteAlertHref(row.id)}
                      className="button button--danger button--small"
                      dialog={deletePanel(row, true)}
                    >
                      {t("list.delete")}
                      <span className="sr-only"> ({what})</span>
                    </ConfirmTrigger>
                    {row.type ? (
                      <Link
                        to={chartHref({ symbol: row.tag, market: row.type, name: row.name })}
                        className="button button--secondary button--small"
                        aria-label={of(t("list.chart"))}
                      >
                        {t("list.chart")}
                      </Link>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
          {pageCount > 1 ? (
            <Pager
              page={page}
              pageCount={pageCount}
              total={total}
              hrefFor={(p) => withQuery(alertsHref(), { page: p })}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
