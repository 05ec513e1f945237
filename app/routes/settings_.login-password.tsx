/**
 * /settings/login-password (auth; docs/product.md#passwords): the current password and the new one twice (at least
 * 6 characters). The provider checks the current one (`password_wrong`, counted with failed logins) and ends every
 * other session of the customer, keeping this one (docs/decisions/0073); success returns to Settings with a toast
 * that says so. Messages: "Please enter new password", "Password must be at least 6 characters", "Please confirm
 * your password", "Passwords do not match"; otherwise "Failed to change password".
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { failureResult } from "~/features/account/failure-reply.server";
import { PASSWORD_MIN } from "~/features/account/fields";
import { NewPasswordFields, PasswordField, useAccountForm } from "~/features/account/forms";
import { createLoginPasswordSchema, type LoginPasswordFields } from "~/features/account/schemas";
import { SettingsActions } from "~/features/account/SettingsActions";
import { walletLinks } from "~/features/wallet/route-exports";
import { parseForm } from "~/features/wallet/schemas.server";
import { useTranslation } from "~/i18n/react";
import { changeLoginPassword } from "~/provider/account.server";
import { requireSameOrigin } from "~/http/security.server";
import { redirectWithToast } from "~/session/toast.server";
import { loginPasswordHref, settingsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";
import { formConstraint } from "~/utils/form-constraint.server";
import { noStoreHeaders } from "~/http/no-store";

export const handle: PageHandle = { i18n: ["wallet:password", "wallet:settings"], titleKey: "wallet:password.title" };
export const links = walletLinks;
export const headers = noStoreHeaders;

const HIDDEN = ["current", "password", "confirm"];

export async function loader({ request }: LoaderFunctionArgs) {
  // The account schemas speak `common` (validation.*) and name their wallet strings in full.
  const context = await requireUserContext(request);
  return json({ constraint: formConstraint("login-password", null, () => createLoginPasswordSchema(context.t)) });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request);
  const submission = parseForm(await request.formData(), createLoginPasswordSchema(context.t));
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  const { current, password } = submission.value;
  try {
    await changeLoginPassword(context.provider, { password: current, password_new: password });
  } catch (error) {
    const result = failureResult(submission, error, context.t, {
      codeFields: { password_wrong: "current", password_short: "password" },
      inputFields: { password: "current", password_new: "password" },
      hideFields: HIDDEN,
      fallbackKey: "wallet:password.failed",
    });
    return json({ result }, { status: 400 });
  }
  return redirectWithToast(settingsHref(), { key: "wallet:toast.passwordChanged" });
}

export default function LoginPasswordPage() {
  const { constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("wallet");
  const navigation = useNavigation();
  const { fields, formProps, summary } = useAccountForm<LoginPasswordFields>({ id: "login-password", lastResult: reply?.result, constraint });
  const busy = navigation.state !== "idle" && navigation.formAction === loginPasswordHref();
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("password.heading")}</h1>
      <FormErrorSummary fields={[fields.current, fields.password, fields.confirm]} {...summary} />
      <p>{t("password.note")}</p>
      <Form method="post" action={loginPasswordHref()} {...formProps} className="form card">
        <PasswordField field={fields.current} label={t("password.current")} autoComplete="current-password" />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirm}
          labels={{ password: t("password.new"), hint: t("password.newHint", { min: PASSWORD_MIN }), confirm: t("password.confirm") }}
        />
        <SettingsActions busy={busy} submitLabel={t("password.submit")} />
      </Form>
    </div>
  );
}
