import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { keepPhoneDigits } from "~/features/account/fields";
import { PasswordField, PhoneField, SubmitButton } from "~/features/account/forms";
import {
  LoginRejected,
  TwoFactorRequired,
  authenticator,
  completeSignIn,
  toCodeStep,
} from "~/features/account/sign-in.server";
import { fixedFormConstraint } from "~/forms/constraint.server";
import { hiddenProps } from "~/forms/hidden";
import { useZodForm } from "~/forms/useZodForm";
import { requireSameOrigin } from "~/http/security.server";
import { getFixedT } from "~/i18n/i18next.server";
import { requireAnonymous, safeRedirect } from "~/session/session.server";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { titleKey: "login.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  await requireAnonymous(request, redirectTo);
  const { createLoginSchema } = await import("~/features/account/login.schema");
  const constraint = fixedFormConstraint(createLoginSchema, await getFixedT(request));
  return json({ redirectTo, phone: keepPhoneDigits(url.searchParams.get("phone") ?? ""), constraint });
}

/**
 * remix-auth's FormStrategy validates and logs in (app/features/account/sign-in.server.ts); the action keeps the session and the
 * device id the login was made from (docs/decisions/0184-known-devices.md).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  let result;
  try {
    result = await authenticator.authenticate("phone-password", request);
  } catch (error) {
    if (error instanceof LoginRejected) return json({ result: error.result }, { status: 400 });
    if (error instanceof TwoFactorRequired) return toCodeStep(request, error.pending);
    throw error;
  }
  return completeSignIn(result);
}

export default function LoginPage() {
  const { t } = useTranslation("common");
  const { redirectTo, phone } = useLoaderData<typeof loader>();
  const { fields, formProps, summary, busy } = useZodForm({
    id: "login",
    schema: () => import("~/features/account/login.schema").then((m) => m.createLoginSchema(t)),
    defaultValue: { phone, redirectTo },
  });
  return (
    <section aria-labelledby="login-title">
      <h1 id="login-title">{t("login.title")}</h1>
      <FormErrorSummary fields={[fields.phone, fields.password]} {...summary} />
      <Form method="post" {...formProps} className="form">
        <input {...hiddenProps(fields.redirectTo)} />
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
