import { getInputProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { RESET_CODE_LENGTH } from "~/features/account/fields";
import { PhoneField, SubmitButton } from "~/features/account/forms";
import { NewPasswordFields } from "~/features/account/NewPasswordFields";
import { failureReply, refuse, type ActionReply, parseWithZod } from "~/forms/action.server";
import { fixedFormConstraint } from "~/forms/constraint.server";
import { useZodForm } from "~/forms/useZodForm";
import { requireSameOrigin } from "~/http/security.server";
import type { TFunction } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18next.server";
import { requestResetCode, resetPassword } from "~/provider/account.server";
import { ProviderError } from "~/provider/core.server";
import { classifyFailure } from "~/provider/failures.server";
import { commitSession, getSession, requireAnonymous, type AppSession } from "~/session/session.server";
import { redirectWithToast } from "~/session/toast.server";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { i18n: ["common:newPassword"], titleKey: "forgot.title" };

/** docs/product.md#passwords: reset with a one-time code, in two steps. */
const PHONE_STEP = "/forgot-password";
const CODE_STEP = "/forgot-password?step=code";

/** The forms' schemas: loaded by `import()` in the action, the loader and the components (docs/ARCHITECTURE.md#forms). */
const schemas = () => import("./forgot-password.schema");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const session = await getSession(request);
  const url = new URL(request.url);
  const phone = session.get("resetPhone") ?? null;
  // Step 2 only once a code was requested for a phone held in the (encrypted) session.
  const step = url.searchParams.get("step") === "code" && phone ? "code" : "phone";
  const t = await getFixedT(request);
  const { createPhoneStepSchema, createResendCodeSchema, createResetStepSchema } = await schemas();
  const constraint = {
    phone: fixedFormConstraint(createPhoneStepSchema, t),
    reset: fixedFormConstraint(createResetStepSchema, t),
    resend: fixedFormConstraint(createResendCodeSchema, t),
  };
  return json({ step, phone, constraint } as const);
}

/** The provider sends at most one code per phone per minute (docs/decisions/0012-tokens-and-one-time-codes.md). */
function codeSentRecently(error: unknown): boolean {
  return error instanceof ProviderError && error.code === "too_many_requests";
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = await getFixedT(request);
  const formData = await request.formData();
  const session = await getSession(request);
  switch (formData.get("intent")) {
    case "reset":
      return resetStep(request, formData, session, t);
    case "resend":
      return resendCode(request, formData, session, t);
    default:
      return sendCode(request, formData, session, t);
  }
}

/** Step 1: send a code to the phone, then step 2. The reply is the same whether the phone has an account. */
async function sendCode(request: Request, formData: FormData, session: AppSession, t: TFunction) {
  const { createPhoneStepSchema } = await schemas();
  const submission = parseWithZod(formData, { schema: createPhoneStepSchema(t) });
  if (submission.status !== "success") return refuse(submission, { form: "send-code" });
  const { phone } = submission.value;
  let sentRecently = false;
  try {
    await requestResetCode({ token: null, request }, { user: phone });
  } catch (error) {
    if (!codeSentRecently(error)) {
      const result = failureReply(submission, classifyFailure(error), t, {
        codeFields: { phone_invalid: "phone" },
        inputFields: { user: "phone" },
      });
      return json<ActionReply>({ form: "send-code", result }, { status: 400 });
    }
    // The code sent less than a minute ago is still valid: go on to step 2 and say so.
    sentRecently = true;
  }
  session.set("resetPhone", phone);
  const headers = { "Set-Cookie": await commitSession(session) };
  if (sentRecently) return redirectWithToast(CODE_STEP, { key: "toast.codeSentRecently", type: "info" }, { headers });
  return redirect(CODE_STEP, { headers });
}

/** Step 2, "Send a new code": stays on step 2 whatever happens, the code form included. */
async function resendCode(request: Request, formData: FormData, session: AppSession, t: TFunction) {
  const phone = session.get("resetPhone");
  if (!phone) return redirect(PHONE_STEP);
  const { createResendCodeSchema } = await schemas();
  const submission = parseWithZod(formData, { schema: createResendCodeSchema() });
  if (submission.status !== "success") return refuse(submission, { form: "resend" });
  try {
    await requestResetCode({ token: null, request }, { user: phone });
  } catch (error) {
    const result = codeSentRecently(error)
      ? submission.reply({ formErrors: [t("forgot.resendTooSoon")] })
      : failureReply(submission, classifyFailure(error), t);
    return json<ActionReply>({ form: "resend", result }, { status: 400 });
  }
  return redirectWithToast(CODE_STEP, { key: "toast.codeResent" });
}

/** Step 2: the code and the new password. */
async function resetStep(request: Request, formData: FormData, session: AppSession, t: TFunction) {
  const phone = session.get("resetPhone");
  if (!phone) return redirect(PHONE_STEP);
  const hideFields = ["password", "confirm"];
  const { createResetStepSchema } = await schemas();
  const submission = parseWithZod(formData, { schema: createResetStepSchema(t) });
  if (submission.status !== "success") return refuse(submission, { form: "reset", hideFields });
  try {
    await resetPassword(
      { token: null, request },
      {
        user: phone,
        code: submission.value.code,
        password: submission.value.password,
        new_password: submission.value.confirm,
      },
    );
  } catch (error) {
    const result = failureReply(submission, classifyFailure(error), t, {
      codeFields: { code_invalid: "code", password_short: "password", password_mismatch: "confirm" },
      inputFields: { code: "code", password: "password", new_password: "confirm" },
      hideFields,
    });
    return json<ActionReply>({ form: "reset", result }, { status: 400 });
  }
  session.unset("resetPhone");
  return redirectWithToast(
    `/login?${new URLSearchParams({ phone })}`,
    { key: "toast.passwordReset" },
    {
      headers: { "Set-Cookie": await commitSession(session) },
    },
  );
}

/** The action's reply for one of this page's forms (each form shows only its own). */
function useLastResult(form: "send-code" | "resend" | "reset") {
  const actionData = useActionData<typeof action>();
  return actionData && "form" in actionData && actionData.form === form ? actionData.result : undefined;
}

function PhoneStep() {
  const { t } = useTranslation("common");
  const { constraint } = useLoaderData<typeof loader>();
  const { fields, formProps, summary, busy } = useZodForm({
    id: "forgot-phone",
    schema: () => schemas().then((m) => m.createPhoneStepSchema(t)),
    constraint: constraint.phone,
    lastResult: useLastResult("send-code"),
  });
  return (
    <>
      <h2>{t("forgot.stepPhone")}</h2>
      <FormErrorSummary fields={[fields.phone]} {...summary} />
      <Form method="post" action={PHONE_STEP} {...formProps} className="form">
        <input type="hidden" name="intent" value="send-code" />
        <PhoneField
          field={fields.phone}
          label={t("forgot.phone")}
          hint={t("forgot.phoneHint")}
          autoComplete="tel-national"
        />
        <SubmitButton busy={busy} label={t("forgot.sendCode")} />
      </Form>
    </>
  );
}

function CodeStep({ phone }: { phone: string }) {
  const { t } = useTranslation("common");
  const { constraint } = useLoaderData<typeof loader>();
  const { fields, formProps, summary, busy } = useZodForm({
    id: "forgot-reset",
    schema: () => schemas().then((m) => m.createResetStepSchema(t)),
    constraint: constraint.reset,
    lastResult: useLastResult("reset"),
  });
  const resendResult = useLastResult("resend");
  const { form: resendForm, formProps: resendProps } = useZodForm({
    id: "forgot-resend",
    schema: () => schemas().then((m) => m.createResendCodeSchema()),
    constraint: constraint.resend,
    lastResult: resendResult,
  });
  const resendError = resendForm.errors?.[0];
  return (
    <>
      <h2>{t("forgot.stepCode")}</h2>
      <p className="notice" role="status">
        {t("forgot.sent", { phone })}
      </p>
      <FormErrorSummary fields={[fields.code, fields.password, fields.confirm]} {...summary} />
      <FormErrorSummary fields={[]} formErrors={resendForm.errors} formId={resendForm.id} lastResult={resendResult} />
      <Form method="post" action={CODE_STEP} {...formProps} className="form">
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
        <NewPasswordFields password={fields.password} confirm={fields.confirm} />
        <SubmitButton busy={busy} label={t("forgot.submit")} />
      </Form>
      <Form method="post" action={CODE_STEP} {...resendProps} className="links" tabIndex={-1}>
        <input type="hidden" name="intent" value="resend" />
        {resendError ? (
          <p id={`${resendForm.id}-error`} className="field__error">
            {resendError}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--secondary"
          disabled={busy}
          aria-describedby={resendError ? `${resendForm.id}-error` : undefined}
        >
          {t("forgot.resend")}
        </button>
        <Link to={PHONE_STEP}>{t("forgot.otherPhone")}</Link>
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
