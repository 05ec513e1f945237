import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";

import { LoginRejected, authenticator } from "~/auth.server";
import { Field } from "~/components/ui/Field";
import { FormErrorSummary, useSubmitAttempts } from "~/components/ui/FormErrors";
import { keepDigits, phoneInputAttributes } from "~/features/account/fields";
import { constraintOf, createLoginSchema, type LoginFields } from "~/features/account/schemas.server";
import { getFixedT } from "~/i18next.server";
import { requireSameOrigin } from "~/security.server";
import { commitSession, requireAnonymous, safeRedirect, startSession } from "~/session.server";
import { redirectWithToast } from "~/toast.server";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { titleKey: "login.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  await requireAnonymous(request, redirectTo);
  const constraint = constraintOf(createLoginSchema(await getFixedT(request)));
  return json({ redirectTo, phone: keepDigits(url.searchParams.get("phone") ?? ""), constraint });
}

/** remix-auth's FormStrategy validates and logs in (app/auth.server.ts); the action keeps the session. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  let result;
  try {
    result = await authenticator.authenticate("phone-password", request);
  } catch (error) {
    if (error instanceof LoginRejected) return json({ result: error.result }, { status: 400 });
    throw error;
  }
  return redirectWithToast(result.redirectTo, { key: "toast.loggedIn" }, {
    headers: { "Set-Cookie": await commitSession(startSession(result)) },
  });
}

export default function LoginPage() {
  const { t } = useTranslation("common");
  const { redirectTo, phone, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<LoginFields>({
    id: "login",
    lastResult: actionData?.result,
    // Native required/pattern/minLength work before JS loads; Conform takes over after hydration.
    defaultNoValidate: false,
    defaultValue: { phone, redirectTo },
    // The schema's HTML constraints, computed by the loader; the action validates and translates.
    constraint,
    // Validation happens in the action: on submit only, so no extra round trips on a flaky network and no
    // blur-triggered validation request racing the real submit (decision 0006).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  return (
    <section aria-labelledby="login-title">
      <h1 id="login-title">{t("login.title")}</h1>
      <FormErrorSummary
        fields={[fields.phone, fields.password]}
        formErrors={form.errors}
        lastResult={actionData?.result}
        attempts={attempts}
      />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={onSubmitCapture} className="form">
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        <Field
          label={t("login.phone")}
          errors={fields.phone.errors}
          inputProps={{
            ...getInputProps(fields.phone, { type: "tel", ariaAttributes: false }),
            ...phoneInputAttributes("username"),
          }}
        />
        <Field
          label={t("login.password")}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password", ariaAttributes: false }), autoComplete: "current-password" }}
        />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("form.submitting") : t("login.submit")}
        </button>
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
