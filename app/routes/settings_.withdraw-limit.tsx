/**
 * /settings/withdraw-limit (auth; docs/product.md#withdraw-limit): the customer's own daily withdrawal limit, one
 * whole amount; empty removes it. Saved by the provider, back to Settings with a toast; the withdrawal then keeps
 * to it (routes/withdraw.tsx, `over_daily_limit`). A customer setting, built by the recipe in docs/ARCHITECTURE.md: the
 * provider's `withdraw_limit` (docs/provider-api.md, "Customer settings").
 */
import { getInputProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { RetryNotice } from "~/components/ui/RetryNotice";
import { settingsLinks } from "~/features/account/route-exports";
import { SettingsActions } from "~/features/account/SettingsActions";
import { formAction } from "~/forms/action.server";
import { fixedFormConstraint } from "~/forms/constraint.server";
import { WHOLE_AMOUNT_PATTERN } from "~/forms/digits";
import { useZodForm } from "~/forms/useZodForm";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { attempt, logFailure } from "~/provider/failures.server";
import { getUserInfo, saveCustomerSetting } from "~/provider/wallet.server";
import { customerSettingHref, settingsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["wallet:withdrawLimit", "wallet:settings", "common:settings"],
  titleKey: "wallet:withdrawLimit.title",
};
export const links = settingsLinks;
export const headers = noStoreHeaders;

/** "5000.00" → "5000": the limit is a whole amount. */
const wholeUnits = (money: string | null | undefined) => (money ? money.replace(/\.\d+$/, "") : "");

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const [{ createWithdrawLimitSchema }, info] = await Promise.all([
    import("./settings_.withdraw-limit.schema"),
    attempt(getUserInfo(context.provider)),
  ]);
  if (!info.ok) logFailure("withdraw-limit", info.failure);
  return json(
    {
      limit: info.ok ? wholeUnits(info.data.settings?.withdraw_limit) : null,
      constraint: fixedFormConstraint(createWithdrawLimitSchema, context.t),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  const { createWithdrawLimitSchema } = await import("./settings_.withdraw-limit.schema");
  return formAction(await request.formData(), {
    schema: createWithdrawLimitSchema(context.t),
    t: context.t,
    where: "withdraw-limit",
    call: ({ limit }) => saveCustomerSetting(context.provider, "withdraw_limit", limit ?? null),
    inputFields: { value: "limit" },
    fallbackKey: "wallet:withdrawLimit.failed",
    success: ({ value }) => ({
      to: settingsHref(),
      toast: { key: value ? "wallet:toast.withdrawLimitSaved" : "wallet:toast.withdrawLimitRemoved" },
    }),
  });
}

export default function WithdrawLimitPage() {
  const { limit } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const { fields, formProps, summary, busy } = useZodForm({
    id: "withdraw-limit",
    schema: () => import("./settings_.withdraw-limit.schema").then((m) => m.createWithdrawLimitSchema(t)),
    defaultValue: { limit: limit ?? "" },
  });
  return (
    <div className="st-page">
      <h1 tabIndex={-1}>{t("withdrawLimit.heading")}</h1>
      {limit === null ? (
        <RetryNotice
          message={t("withdrawLimit.loadFailed")}
          href={customerSettingHref("withdraw-limit")}
          retryLabel={t("withdrawLimit.retry")}
        />
      ) : (
        <>
          <FormErrorSummary fields={[fields.limit]} {...summary} />
          <p>{t("withdrawLimit.note")}</p>
          <Form method="post" action={customerSettingHref("withdraw-limit")} {...formProps} className="form card">
            <Field
              label={t("withdrawLimit.label")}
              hint={t("withdrawLimit.hint")}
              errors={fields.limit.errors}
              inputProps={{
                ...getInputProps(fields.limit, { type: "text", ariaAttributes: false }),
                inputMode: "numeric",
                pattern: WHOLE_AMOUNT_PATTERN,
                autoComplete: "off",
              }}
            />
            <SettingsActions busy={busy} submitLabel={t("withdrawLimit.submit")} />
          </Form>
        </>
      )}
    </div>
  );
}
