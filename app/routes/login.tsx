import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";

import { authenticator } from "~/auth.server";
import { Field } from "~/components/ui/Field";
import { FormErrorSummary, useSubmitAttempts } from "~/components/ui/FormErrors";
import { getFixedT } from "~/i18next.server";
import { ProviderError } from "~/provider/core.server";
import { requireSameOrigin } from "~/security.server";
import { commitSession, getSession, safeRedirect } from "~/session.server";
import { providerErrorReply } from "~/utils/forms.server";
import type { PageHandle } from "~/utils/page";
import { constraintOf, createLoginSchema, type LoginFields } from "~/utils/account-schemas.server";
import { keepDigits, phoneInputAttributes } from "~/utils/fields";

export const handle: PageHandle = { titleKey: "login.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  const session = await getSession(request);
  if (session.get("token")) throw redirect(redirectTo);
  const constraint = constraintOf(createLoginSchema(await getFixedT(request)));
  return json({ redirectTo, phone: keepDigits(url.searchParams.get("phone") ?? ""), constraint });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = await getFixedT(request);
  // FormStrategy reads the body itself (STACK pitfall 8), so validate a clone first.
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: createLoginSchema(t) });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  let result;
  try {
    result = await authenticator.authenticate("phone-password", request);
  } catch (error) {
    if (error instanceof ProviderError) {
      return providerErrorReply(submission, error, t, {
        codeFields: { phone_invalid: "phone" },
        inputFields: { user: "phone", password: "password" },
        hideFields: ["password"],
      });
    }
    throw error;
  }
  const session = await getSession(request);
  session.set("token", result.token);
  session.set("user", result.user);
  session.flash("toast", { key: "toast.loggedIn" });
  return redirect(safeRedirect(submission.value.redirectTo, "/"), {
    headers: { "Set-Cookie": await commitSession(session) },
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
