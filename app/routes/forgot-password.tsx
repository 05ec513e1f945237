import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary, useSubmitAttempts } from "~/components/ui/FormErrors";
import { getFixedT } from "~/i18next.server";
import { requestResetCode, resetPassword } from "~/provider/account.server";
import { ProviderError, providerContext } from "~/provider/core.server";
import { requireSameOrigin } from "~/security.server";
import { commitSession, getSession, redirectWithToast } from "~/session.server";
import { providerErrorReply } from "~/utils/forms.server";
import type { PageHandle } from "~/utils/page";
import {
  constraintOf,
  createPhoneStepSchema,
  createResetStepSchema,
  type PhoneStepFields,
  type ResetStepFields,
} from "~/utils/account-schemas.server";
import { phoneInputAttributes, RESET_CODE_LENGTH } from "~/utils/fields";

export const handle: PageHandle = { titleKey: "forgot.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (session.get("token")) throw redirect("/");
  const url = new URL(request.url);
  const phone = session.get("resetPhone") ?? null;
  // Step 2 only once a code was requested for a phone held in the (signed) session.
  const step = url.searchParams.get("step") === "code" && phone ? "code" : "phone";
  const t = await getFixedT(request);
  const constraints = {
    phone: constraintOf(createPhoneStepSchema(t)),
    reset: constraintOf(createResetStepSchema(t)),
  };
  return json({ step, phone, constraints } as const);
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = await getFixedT(request);
  const formData = await request.formData();
  const ctx = await providerContext(request);
  const session = await getSession(request);

  if (formData.get("intent") === "reset") {
    const phone = session.get("resetPhone");
    if (!phone) return redirect("/forgot-password");
    const submission = parseWithZod(formData, { schema: createResetStepSchema(t) });
    if (submission.status !== "success") {
      return json({ result: submission.reply({ hideFields: ["password", "confirm"] }) }, { status: 400 });
    }
    try {
      await resetPassword(ctx, {
        user: phone,
        code: submission.value.code,
        password: submission.value.password,
        new_password: submission.value.confirm,
      });
    } catch (error) {
      if (error instanceof ProviderError) {
        return providerErrorReply(submission, error, t, {
          codeFields: { code_invalid: "code", password_short: "password", password_mismatch: "confirm" },
          inputFields: { code: "code", password: "password", new_password: "confirm" },
          hideFields: ["password", "confirm"],
        });
      }
      throw error;
    }
    session.unset("resetPhone");
    return redirectWithToast(request, `/login?${new URLSearchParams({ phone })}`, { key: "toast.passwordReset" }, { session });
  }

  const submission = parseWithZod(formData, { schema: createPhoneStepSchema(t) });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  try {
    await requestResetCode(ctx, { user: submission.value.phone });
  } catch (error) {
    if (error instanceof ProviderError) {
      return providerErrorReply(submission, error, t, {
        codeFields: { phone_invalid: "phone", too_many_requests: "phone" },
        inputFields: { user: "phone" },
      });
    }
    throw error;
  }
  session.set("resetPhone", submission.value.phone);
  return redirect("/forgot-password?step=code", { headers: { "Set-Cookie": await commitSession(session) } });
}

function PhoneStep() {
  const { t } = useTranslation("common");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { constraints } = useLoaderData<typeof loader>();
  const [form, fields] = useForm<PhoneStepFields>({
    id: "forgot-phone",
    lastResult: actionData?.result,
    // Native required/pattern/minLength work before JS loads; Conform takes over after hydration.
    defaultNoValidate: false,
    constraint: constraints.phone,
    // Validation happens in the action: on submit only, so no extra round trips on a flaky network and no
    // blur-triggered validation request racing the real submit (decision 0006).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/forgot-password") === true;
  return (
    <>
      <h2>{t("forgot.stepPhone")}</h2>
      <FormErrorSummary
        fields={[fields.phone]}
        formErrors={form.errors}
        lastResult={actionData?.result}
        attempts={attempts}
      />
      <Form method="post" action="/forgot-password" {...getFormProps(form)} onSubmitCapture={onSubmitCapture} className="form">
        <input type="hidden" name="intent" value="send-code" />
        <Field
          label={t("forgot.phone")}
          hint={t("forgot.phoneHint")}
          errors={fields.phone.errors}
          inputProps={{
            ...getInputProps(fields.phone, { type: "tel", ariaAttributes: false }),
            ...phoneInputAttributes("tel-national"),
          }}
        />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("form.submitting") : t("forgot.sendCode")}
        </button>
      </Form>
    </>
  );
}

function CodeStep({ phone }: { phone: string }) {
  const { t } = useTranslation("common");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { constraints } = useLoaderData<typeof loader>();
  const [form, fields] = useForm<ResetStepFields>({
    id: "forgot-reset",
    lastResult: actionData?.result,
    // Native required/pattern/minLength work before JS loads; Conform takes over after hydration.
    defaultNoValidate: false,
    constraint: constraints.reset,
    // Validation happens in the action: on submit only, so no extra round trips on a flaky network and no
    // blur-triggered validation request racing the real submit (decision 0006).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/forgot-password") === true;
  return (
    <>
      <h2>{t("forgot.stepCode")}</h2>
      <p className="notice" role="status">
        {t("forgot.sent", { phone })}
      </p>
      <FormErrorSummary
        fields={[fields.code, fields.password, fields.confirm]}
        formErrors={form.errors}
        lastResult={actionData?.result}
        attempts={attempts}
      />
      <Form method="post" action="/forgot-password?step=code" {...getFormProps(form)} onSubmitCapture={onSubmitCapture} className="form">
        <input type="hidden" name="intent" value="reset" />
        <Field
          label={t("forgot.code")}
          errors={fields.code.errors}
          inputProps={{
            ...getInputProps(fields.code, { type: "text", ariaAttributes: false }),
            inputMode: "numeric",
            autoComplete: "one-time-code",
            maxLength: RESET_CODE_LENGTH,
          }}
        />
        <Field
          label={t("forgot.newPassword")}
          hint={t("forgot.newPasswordHint")}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password", ariaAttributes: false }), autoComplete: "new-password" }}
        />
        <Field
          label={t("forgot.confirm")}
          errors={fields.confirm.errors}
          inputProps={{ ...getInputProps(fields.confirm, { type: "password", ariaAttributes: false }), autoComplete: "new-password" }}
        />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("form.submitting") : t("forgot.submit")}
        </button>
      </Form>
      <Form method="post" action="/forgot-password" className="links">
        <input type="hidden" name="intent" value="send-code" />
        <input type="hidden" name="phone" value={phone} />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {t("forgot.resend")}
        </button>
        <Link to="/forgot-password">{t("forgot.otherPhone")}</Link>
      </Form>
    </>
  );
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation("common");
  const { step, phone } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t("forgot.title")}</h1>
      {step === "code" && phone ? <CodeStep phone={phone} /> : <PhoneStep />}
      <p className="links">
        <Link to="/login">{t("forgot.backToLogin")}</Link>
      </p>
    </section>
  );
}
