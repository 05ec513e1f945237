import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { getInputProps } from "~/components/ui/replyForm";
import { failureResult } from "~/features/account/failure-reply.server";
import { PASSWORD_MIN } from "~/features/account/fields";
import { NewPasswordFields, PhoneField, SubmitButton, useAccountForm } from "~/features/account/forms";
import { createRegisterSchema, type RegisterFields } from "~/features/account/schemas.server";
import { getFixedT } from "~/i18n/i18next.server";
import { register } from "~/provider/account.server";
import { requireSameOrigin } from "~/http/security.server";
import { requireAnonymous } from "~/session/session.server";
import { redirectWithToast } from "~/session/toast.server";
import type { PageHandle } from "~/utils/page";
import { formConstraint } from "~/utils/form-constraint.server";

export const handle: PageHandle = { titleKey: "register.title" };

const HIDDEN_ON_ERROR = ["password", "confirm"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const t = await getFixedT(request);
  return json({ constraint: formConstraint("register", null, () => createRegisterSchema(t)) });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = await getFixedT(request);
  const submission = parseWithZod(await request.formData(), { schema: createRegisterSchema(t) });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: HIDDEN_ON_ERROR }) }, { status: 400 });
  }
  const { phone, password, code } = submission.value;
  try {
    await register({ token: null, request }, { user: phone, password, code });
  } catch (error) {
    const result = failureResult(submission, error, t, {
      codeFields: {
        phone_invalid: "phone",
        user_exists: "phone",
        password_short: "password",
        password_mismatch: "confirm",
        invite_invalid: "code",
      },
      inputFields: { user: "phone", password: "password", code: "code" },
      hideFields: HIDDEN_ON_ERROR,
    });
    return json({ result }, { status: 400 });
  }
  return redirectWithToast(`/login?${new URLSearchParams({ phone })}`, { key: "toast.registered" });
}

export default function RegisterPage() {
  const { t } = useTranslation("common");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { constraint } = useLoaderData<typeof loader>();
  const { fields, formProps, summary } = useAccountForm<RegisterFields>({
    id: "register",
    lastResult: actionData?.result,
    constraint,
  });
  const busy = navigation.state !== "idle" && navigation.formAction === "/register";
  return (
    <section aria-labelledby="register-title">
      <h1 id="register-title">{t("register.title")}</h1>
      <p>{t("register.intro")}</p>
      <FormErrorSummary fields={[fields.phone, fields.password, fields.confirm, fields.code]} {...summary} />
      <Form method="post" {...formProps} className="form">
        <PhoneField field={fields.phone} label={t("register.phone")} hint={t("register.phoneHint")} autoComplete="tel-national" />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirm}
          labels={{ password: t("register.password"), hint: t("register.passwordHint", { min: PASSWORD_MIN }), confirm: t("register.confirm") }}
        />
        <Field
          label={t("register.code")}
          errors={fields.code.errors}
          inputProps={{ ...getInputProps(fields.code, { type: "text", ariaAttributes: false }), autoComplete: "off", autoCapitalize: "characters" }}
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
