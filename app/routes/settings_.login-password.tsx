/**
 * /settings/login-password (auth; docs/product.md#passwords): the current password and the new one twice (at least
 * 6 characters). The provider checks the current one (`password_wrong`, counted with failed logins) and ends every
 * other session of the customer, keeping this one (docs/decisions/0073); success returns to Settings with a toast
 * that says so. Messages: "Please enter new password", "Password must be at least 6 characters", "Please confirm
 * your password", "Passwords do not match"; otherwise "Failed to change password".
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { PasswordField } from "~/features/account/forms";
import { NewPasswordFields } from "~/features/account/NewPasswordFields";
import { settingsLinks } from "~/features/account/route-exports";
import { SettingsActions } from "~/features/account/SettingsActions";
import { formAction } from "~/forms/action.server";
import { fixedFormConstraint } from "~/forms/constraint.server";
import { useZodForm } from "~/forms/useZodForm";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { changeLoginPassword } from "~/provider/account.server";
import { loginPasswordHref, settingsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["wallet:password", "wallet:settings", "common:settings", "common:newPassword"],
  titleKey: "wallet:password.title",
};
export const links = settingsLinks;
export const headers = noStoreHeaders;

const HIDDEN = ["current", "password", "confirm"];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request);
  const { createLoginPasswordSchema } = await import("./settings_.login-password.schema");
  return json({ constraint: fixedFormConstraint(createLoginPasswordSchema, context.t) }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request);
  const { createLoginPasswordSchema } = await import("./settings_.login-password.schema");
  // The account schemas speak `common` (validation.*) and name their wallet strings in full.
  return formAction(await request.formData(), {
    schema: createLoginPasswordSchema(context.t),
    t: context.t,
    where: "login password",
    hideFields: HIDDEN,
    call: ({ current, password }) =>
      changeLoginPassword(context.provider, { password: current, password_new: password }),
    codeFields: { password_wrong: "current", password_short: "password" },
    inputFields: { password: "current", password_new: "password" },
    fallbackKey: "wallet:password.failed",
    success: () => ({ to: settingsHref(), toast: { key: "wallet:toast.passwordChanged" } }),
  });
}

export default function LoginPasswordPage() {
  const { t } = useTranslation("wallet");
  // The account schemas speak `common` (validation.*) and name their wallet strings in full.
  const { t: common } = useTranslation("common");
  const { fields, formProps, summary, busy } = useZodForm({
    id: "login-password",
    schema: () => import("./settings_.login-password.schema").then((m) => m.createLoginPasswordSchema(common)),
  });
  return (
    <div className="st-page">
      <h1 tabIndex={-1}>{t("password.heading")}</h1>
      <FormErrorSummary fields={[fields.current, fields.password, fields.confirm]} {...summary} />
      <p>{t("password.note")}</p>
      <Form method="post" action={loginPasswordHref()} {...formProps} className="form card">
        <PasswordField field={fields.current} label={t("password.current")} autoComplete="current-password" />
        <NewPasswordFields password={fields.password} confirm={fields.confirm} />
        <SettingsActions busy={busy} submitLabel={t("password.submit")} />
      </Form>
    </div>
  );
}
