/**
 * /alerts/{id}/edit (auth; docs/product.md#price-alerts): change an alert's condition, price or percentage. Saving a
 * fired alert watches again; a paused one stays paused. An alert that is not the customer's is not found.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { AlertForm } from "~/features/alerts/AlertForm";
import { alertFormAction, alertsT, findAlert } from "~/features/alerts/form.server";
import { alertTermsText } from "~/features/alerts/words";
import { formConstraint } from "~/forms/constraint.server";
import type { ActionReply } from "~/forms/reply";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { editAlert } from "~/provider/alerts.server";
import { requireData } from "~/provider/failures.server";
import { alertsHref, editAlertHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["alerts:form", "alerts:terms"], titleKey: "alerts:form.editTitle" };
export const headers = noStoreHeaders;

async function alertOf(context: UserRequestContext, rawId: string | undefined) {
  const id = /^\d{1,15}$/.test(rawId ?? "") ? Number(rawId) : 0;
  // A provider without alerts answers the list 404: no such page either (docs/decisions/0450).
  const row = id > 0 ? await requireData(findAlert(context.provider, id)) : null;
  if (!row) throw json({ code: "not_found" }, { status: 404, headers: NO_STORE });
  return row;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "alerts");
  const row = await alertOf(context, params.id);
  const { createAlertSchema } = await import("~/features/alerts/alert.schema");
  return json(
    {
      alert: {
        id: row.id,
        name: row.name,
        terms: alertTermsText(alertsT(context), context.fmt, row),
        precision: row.precision,
        condition: row.condition,
        price: row.price === null ? "" : row.price.toFixed(row.precision),
        percent: row.percent === null ? "" : String(row.percent),
      },
      constraint: formConstraint(createAlertSchema(alertsT(context), { precision: row.precision })),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "alerts");
  const row = await alertOf(context, params.id);
  return alertFormAction(context, await request.formData(), {
    precision: row.precision,
    where: "edit price alert",
    toastKey: "alerts:toast.saved",
    call: (value) => editAlert(context.provider, { id: row.id, ...value }),
  });
}

export default function EditAlertPage() {
  const { t } = useTranslation("alerts");
  const { alert, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionReply | undefined;
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("form.heading", { name: alert.name })}</h1>
      <p>{alert.terms}</p>
      <AlertForm
        id="edit-alert"
        action={editAlertHref(alert.id)}
        constraint={constraint}
        precision={alert.precision}
        defaults={{ condition: alert.condition, price: alert.price, percent: alert.percent }}
        reply={reply}
        submitLabel={t("form.save")}
        backHref={alertsHref()}
      />
    </div>
  );
}
