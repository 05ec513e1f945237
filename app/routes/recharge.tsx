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
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { PENDING_REQUESTS_LIMIT, formatMinimum } from "~/features/wallet/amounts";
import { readMoneyStep } from "~/features/wallet/money-step.server";
import { MoneyFormScreen } from "~/features/wallet/MoneyFormScreen";
import { walletLinks } from "~/features/wallet/route-exports";
import { loadWalletSettings } from "~/features/wallet/settings.server";
import { reviewAction } from "~/forms/action.server";
import { keepAfterClientFailure, moneyClientAction } from "~/forms/client-action";
import { formConstraint } from "~/forms/constraint.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { useFormat } from "~/i18n/format-context";
import { failureMessage } from "~/provider/failures.server";
import { requestRecharge, type WalletSettings } from "~/provider/wallet.server";
import { rechargeHref, rechargeRecordsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["wallet:recharge", "wallet:convert", "wallet:review"],
  titleKey: "wallet:recharge.title",
};
export const links = walletLinks;
export const headers = noStoreHeaders;

export interface RechargePageData {
  settings: WalletSettings;
  /** The form's starting values (from the URL). */
  form: { method: "bank"; amount: string };
  /** The review of the recharge the URL describes, or null. */
  review: { key: string; amount: string } | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const settings = await loadWalletSettings(context);
  const { query, amount, review } = readMoneyStep(request, settings.minRecharge);
  const data: RechargePageData = {
    settings,
    form: { method: "bank", amount },
    review: query.get("method") === "bank" ? review : null,
  };
  const { createRechargeSchemas } = await import("./recharge.schema");
  const constraint = formConstraint(createRechargeSchemas(context.t, settings, context.fmt).review);
  return json({ ...data, constraint }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  const { createRechargeSchemas } = await import("./recharge.schema");
  const schemas = createRechargeSchemas(context.t, await loadWalletSettings(context), context.fmt);
  return reviewAction(await request.formData(), {
    provider: context.provider,
    review: {
      schema: schemas.review,
      href: ({ method, amount }, key) => rechargeHref({ method, amount, step: "review", key }),
    },
    confirm: {
      schema: schemas.confirm,
      t: context.t,
      where: "recharge",
      call: ({ amount, idempotency_key }) =>
        requestRecharge(context.provider, { count: amount, idempotencyKey: idempotency_key }),
      unknownOutcome: context.t("review.outcomeUnknown"),
      // Ten recharges already wait for review: said on the amount, as it is (docs/product.md#recharge).
      amountCodes: { too_many_pending: "amount" },
      message: (failure) =>
        failure.kind === "business" && failure.code === "too_many_pending"
          ? context.t("recharge.tooManyPending", { limit: PENDING_REQUESTS_LIMIT })
          : failureMessage(context.t, failure, "wallet:recharge.failed"),
      fallbackKey: "wallet:recharge.failed",
      success: () => ({ to: rechargeRecordsHref(), toast: { key: "wallet:toast.rechargeSubmitted" } }),
    },
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function RechargePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const minimum = formatMinimum(data.settings.minRecharge, fmt);
  return (
    <MoneyFormScreen
      screen="recharge"
      data={data}
      schema={() => import("./recharge.schema").then((m) => m.createRechargeSchemas(t, data.settings, fmt).review)}
      constraint={data.constraint}
      reviewRows={() => [{ label: t("recharge.method"), value: t("recharge.bankTransfer") }]}
      reviewNote={t("recharge.reviewNote")}
      reviewHidden={() => ({ method: "bank" })}
      changeHref={(review) => rechargeHref({ method: "bank", amount: review.amount })}
      recordsHref={rechargeRecordsHref()}
      action={rechargeHref()}
      choice={{
        name: "method",
        legend: t("recharge.method"),
        options: [{ id: "bank", value: "bank", label: t("recharge.bankTransfer") }],
        checked: "bank",
      }}
      minimum={data.settings.minRecharge}
      amountHint={t("recharge.amountHint", { amount: minimum })}
      layout={{
        kind: "section",
        title: t("recharge.formTitle"),
        after: (
          <section aria-labelledby="recharge-tips" className="wl-tips">
            <h3 id="recharge-tips">{t("recharge.tipsTitle")}</h3>
            <ul>
              <li>{t("recharge.tip1", { amount: minimum })}</li>
              <li>{t("recharge.tip2")}</li>
              <li>{t("recharge.tip3")}</li>
            </ul>
          </section>
        ),
      }}
    />
  );
}
