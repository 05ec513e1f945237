import { getInputProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { PhoneField, SubmitButton } from "~/features/account/forms";
import { NewPasswordFields } from "~/features/account/NewPasswordFields";
import { formAction } from "~/forms/action.server";
import { fixedFormConstraint } from "~/forms/constraint.server";
import { useZodForm } from "~/forms/useZodForm";
import { requireSameOrigin } from "~/http/security.server";
import { getFixedT } from "~/i18n/i18next.server";
import { register } from "~/provider/account.server";
import { requireAnonymous } from "~/session/session.server";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { i18n: ["common:newPassword"], titleKey: "register.title" };

const HIDDEN_ON_ERROR = ["password", "confirm"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const { createRegisterSchema } = await import("./register.schema");
  return json({ constraint: fixedFormConstraint(createRegisterSchema, await getFixedT(request)) });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = await getFixedT(request);
  const { createRegisterSchema } = await import("./register.schema");
  return formAction(await request.formData(), {
    schema: createRegisterSchema(t),
    t,
    where: "register",
    hideFields: HIDDEN_ON_ERROR,
    call: ({ phone, password, code }) => register({ token: null, request }, { user: phone, password, code }),
    codeFields: {
      phone_invalid: "phone",
      user_exists: "phone",
      password_short: "password",
      password_mismatch: "confirm",
      invite_invalid: "code",
    },
    inputFields: { user: "phone", password: "password", code: "code" },
    success: (_, { phone }) => ({ to: `/login?${new URLSearchParams({ phone })}`, toast: { key: "toast.registered" } }),
  });
}

export default function RegisterPage() {
  const { t } = useTranslation("common");
  const { fields, formProps, summary, busy } = useZodForm({
    id: "register",
    schema: () => import("./register.schema").then((m) => m.createRegisterSchema(t)),
  });
  return (
    <section aria-labelledby="register-title">
      <h1 id="register-title">{t("register.title")}</h1>
      <p>{t("register.intro")}</p>
      <FormErrorSummary fields={[fields.phone, fields.password, fields.confirm, fields.code]} {...summary} />
      <Form method="post" {...formProps} className="form">
        <PhoneField
          field={fields.phone}
          label={t("register.phone")}
          hint={t("register.phoneHint")}
          autoComplete="tel-national"
        />
        <NewPasswordFields password={fields.password} confirm={fields.confirm} first />
        <Field
          label={t("register.code")}
          errors={fields.code.errors}
          inputProps={{
            ...getInputProps(fields.code, { type: "text", ariaAttributes: false }),
            autoComplete: "off",
            autoCapitalize: "characters",
          }}
        />
        <SubmitButton busy={busy} label={t("register.submit")} />
      </Form>
      <p className="links">
        <span>
          {t("register.haveAccount")} <Link to="/login">{t("register.loginLink")}</Link>
        </span>
      </p>
    </section>
  );
}
