import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { LoginRejected, authenticator } from "~/session/auth.server";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { getInputProps } from "~/components/ui/replyForm";
import { deviceCookie } from "~/features/account/device.server";
import { keepDigits } from "~/features/account/fields";
import { PasswordField, PhoneField, SubmitButton, useAccountForm } from "~/features/account/forms";
import { createLoginSchema, type LoginFields } from "~/features/account/schemas.server";
import { getFixedT } from "~/i18n/i18next.server";
import { requireSameOrigin } from "~/http/security.server";
import { commitSession, requireAnonymous, safeRedirect, startSession } from "~/session/session.server";
import { redirectWithToast } from "~/session/toast.server";
import type { PageHandle } from "~/utils/page";
import { formConstraint } from "~/utils/form-constraint.server";

export const handle: PageHandle = { titleKey: "login.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  await requireAnonymous(request, redirectTo);
  const t = await getFixedT(request);
  const constraint = formConstraint("login", null, () => createLoginSchema(t));
  return json({ redirectTo, phone: keepDigits(url.searchParams.get("phone") ?? ""), constraint });
}

/**
 * remix-auth's FormStrategy validates and logs in (app/session/auth.server.ts); the action keeps the session and the
 * device id the login was made from (docs/decisions/0184-known-devices.md).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  let result;
  try {
    result = await authenticator.authenticate("phone-password", request);
  } catch (error) {
    if (error instanceof LoginRejected) return json({ result: error.result }, { status: 400 });
    throw error;
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(startSession(result)));
  headers.append("Set-Cookie", deviceCookie(result.deviceId));
  return redirectWithToast(result.redirectTo, { key: result.firstLogin ? "toast.firstLogin" : "toast.loggedIn" }, { headers });
}

export default function LoginPage() {
  const { t } = useTranslation("common");
  const { redirectTo, phone, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { fields, formProps, summary } = useAccountForm<LoginFields>({
    id: "login",
    lastResult: actionData?.result,
    defaultValue: { phone, redirectTo },
    constraint,
  });
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  return (
    <section aria-labelledby="login-title">
      <h1 id="login-title">{t("login.title")}</h1>
      <FormErrorSummary fields={[fields.phone, fields.password]} {...summary} />
      <Form method="post" {...formProps} className="form">
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        <PhoneField field={fields.phone} label={t("login.phone")} autoComplete="username" />
        <PasswordField field={fields.password} label={t("login.password")} autoComplete="current-password" />
        <SubmitButton busy={busy} label={t("login.submit")} />
      </Form>
      <p className="links">
        <Link to="/forgot-password">{t("login.forgotLink")}</Link>
        <span>
          {t("login.noAccount")} <Link to="/register">{t("login.registerLink")}</Link>
        </span>
      </p>
    </section>
  );
}
