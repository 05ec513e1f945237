import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary, useSubmitAttempts } from "~/components/ui/FormErrors";
import { failureResult } from "~/features/account/failure-reply.server";
import { PASSWORD_MIN, phoneInputAttributes } from "~/features/account/fields";
import { constraintOf, createRegisterSchema, type RegisterFields } from "~/features/account/schemas.server";
import { getFixedT } from "~/i18next.server";
import { register } from "~/provider/account.server";
import { requireSameOrigin } from "~/security.server";
import { requireAnonymous } from "~/session.server";
import { redirectWithToast } from "~/toast.server";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { titleKey: "register.title" };

const HIDDEN_ON_ERROR = ["password", "confirm"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return json({ constraint: constraintOf(createRegisterSchema(await getFixedT(request))) });
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
  const [form, fields] = useForm<RegisterFields>({
    id: "register",
    lastResult: actionData?.result,
    // Native required/pattern/minLength work before JS loads; Conform takes over after hydration.
    defaultNoValidate: false,
    // The schema's HTML constraints, computed by the loader; the action validates and translates.
    constraint,
    // Validation happens in the action: on submit only, so no extra round trips on a flaky network and no
    // blur-triggered validation request racing the real submit (decision 0006).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const busy = navigation.state !== "idle" && navigation.formAction === "/register";
  return (
    <section aria-labelledby="register-title">
      <h1 id="register-title">{t("register.title")}</h1>
      <p>{t("register.intro")}</p>
      <FormErrorSummary
        fields={[fields.phone, fields.password, fields.confirm, fields.code]}
        formErrors={form.errors}
        lastResult={actionData?.result}
        attempts={attempts}
      />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={onSubmitCapture} className="form">
        <Field
          label={t("register.phone")}
          hint={t("register.phoneHint")}
          errors={fields.phone.errors}
          inputProps={{
            ...getInputProps(fields.phone, { type: "tel", ariaAttributes: false }),
            ...phoneInputAttributes("tel-national"),
          }}
        />
        <Field
          label={t("register.password")}
          hint={t("register.passwordHint", { min: PASSWORD_MIN })}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password", ariaAttributes: false }), autoComplete: "new-password" }}
        />
        <Field
          label={t("register.confirm")}
          errors={fields.confirm.errors}
          inputProps={{ ...getInputProps(fields.confirm, { type: "password", ariaAttributes: false }), autoComplete: "new-password" }}
        />
        <Field
          label={t("register.code")}
          errors={fields.code.errors}
          inputProps={{ ...getInputProps(fields.code, { type: "text", ariaAttributes: false }), autoComplete: "off", autoCapitalize: "characters" }}
        />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("form.submitting") : t("register.submit")}
        </button>
      </Form>
      <p className="links">
        <span>
          {t("register.haveAccount")} <Link to="/login">{t("register.loginLink")}</Link>
        </span>
      </p>
    </section>
  );
}
