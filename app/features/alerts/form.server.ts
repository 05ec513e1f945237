/**
 * The price-alert form's action and the alert screens' shared server pieces (docs/product.md#price-alerts;
 * docs/decisions/0450): the schema loaded on demand (the form path: docs/ARCHITECTURE.md#forms), the provider's
 * refusals said on their fields in our words (`too_many_alerts` on the condition, a price off the instrument's
 * decimals on the price), success back to the list (or the screen the form was opened from) with a toast.
 */
import { formAction } from "~/forms/action.server";
import type { TFunction } from "~/i18n/config";
import { listAlerts, type AlertRow } from "~/provider/alerts.server";
import type { ProviderContext } from "~/provider/core.server";
import { failureMessage, type ProviderFailure } from "~/provider/failures.server";
import { safeRedirect } from "~/session/session.server";
import { alertsHref } from "~/utils/hrefs";
import type { UserRequestContext } from "~/utils/request.server";

import type { AlertFormValue } from "./alert.schema";
import { alertTermsText } from "./words";

/** The most alerts that watch at once (the provider's `max_active`; docs/product.md#price-alerts). */
export const MAX_ACTIVE_ALERTS = 50;

/** The translator of the alert screens: `alerts` by default, other namespaces as "ns:key". */
export const alertsT = (context: UserRequestContext) => context.t as unknown as TFunction<"alerts">;

/** Where a saved form goes: the `back` address it was opened with (same site only), or the list. */
export function backTo(request: Request): string {
  return safeRedirect(new URL(request.url).searchParams.get("back"), alertsHref());
}

/** The messages of the provider's refusals of an alert, in the screen's words. */
function refusalMessage(t: TFunction<"alerts">, failure: ProviderFailure): string {
  if (failure.kind === "business") {
    if (failure.code === "too_many_alerts") return t("form.tooMany", { max: MAX_ACTIVE_ALERTS });
    if (failure.code === "not_found" && failure.field === "tag") return t("form.unknownStock");
    if (failure.code === "invalid_input" && failure.field === "price") return t("form.priceInvalid");
    if (failure.code === "invalid_input" && failure.field === "percent") return t("form.percentInvalid");
  }
  return failureMessage(t as unknown as TFunction, failure, "alerts:form.failed");
}

/** The new and edit forms' action: parse, call, refusal on its field or success with the toast. */
export async function alertFormAction(
  context: UserRequestContext,
  formData: FormData,
  options: {
    precision: number;
    where: string;
    call: (value: AlertFormValue) => Promise<AlertRow>;
    toastKey: "alerts:toast.created" | "alerts:toast.saved";
  },
) {
  const t = alertsT(context);
  const { createAlertSchema } = await import("./alert.schema");
  return formAction(formData, {
    schema: createAlertSchema(t, { precision: options.precision }),
    t: context.t,
    where: options.where,
    call: options.call,
    codeFields: { too_many_alerts: "condition", not_found: "condition" },
    inputFields: { price: "price", percent: "percent", condition: "condition" },
    message: (failure) => refusalMessage(t, failure),
    success: (row) => ({
      to: backTo(context.request),
      toast: { key: options.toastKey, values: { what: alertTermsText(t, context.fmt, row) } },
    }),
  });
}

/** One of the customer's alerts by id (the list has no single-alert read): null when it is not theirs. */
export async function findAlert(provider: ProviderContext, id: number): Promise<AlertRow | null> {
  for (let page = 1; page <= 20; page++) {
    const reply = await listAlerts(provider, { status: "all", page, limit: 100 });
    const row = reply.rows.find((candidate) => candidate.id === id);
    if (row) return row;
    if (page * 100 >= reply.count) return null;
  }
  return null;
}
