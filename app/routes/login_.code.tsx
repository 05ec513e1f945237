/**
 * /login/code (docs/product.md#two-factor-and-devices, docs/decisions/0276): the second step of a sign-in with
 * two-factor on. The password was right; the customer types the authenticator app's current code, or "Use a recovery
 * code instead" (`?recovery=1`). Wrong codes are counted by the same limiter as wrong passwords, with the same message;
 * a challenge that ran out (5 minutes, or 5 wrong codes) sends the customer back to the password.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { SubmitButton } from "~/features/account/forms";
import { completeSignIn, loginResult } from "~/features/account/sign-in.server";
import { CodeField } from "~/features/security/CodeField";
import { CODE_FIELD_CODES, codeMessage } from "~/features/security/failures.server";
import { securityLinks } from "~/features/security/route-exports";
import { failureReply, refuse, parseWithZod } from "~/forms/action.server";
import { fixedFormConstraint } from "~/forms/constraint.server";
import { useZodForm } from "~/forms/useZodForm";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { getFixedT } from "~/i18n/i18next.server";
import { classifyFailure, logFailure } from "~/provider/failures.server";
import { loginWithCode } from "~/provider/security.server";
import { requireAnonymous } from "~/session/session.server";
import { pendingChallenge, withoutChallenge } from "~/session/sign-in-challenge.server";
import { redirectWithToast } from "~/session/toast.server";
import { loginCodeHref, loginHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { i18n: ["security"], titleKey: "security:signIn.title" };
export const headers = noStoreHeaders;
export const links = securityLinks;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  if (!(await pendingChallenge(request))) throw redirect(loginHref());
  const recovery = new URL(request.url).searchParams.get("recovery") === "1";
  const { createSignInCodeSchema } = await import("./login_.code.schema");
  const constraint = fixedFormConstraint(createSignInCodeSchema, await getFixedT(request, "security"));
  return json({ recovery, constraint }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireAnonymous(request);
  const t = await getFixedT(request, "security");
  const pending = await pendingChallenge(request);
  if (!pending) return startAgain(request);
  const { createSignInCodeSchema } = await import("./login_.code.schema");
  const submission = parseWithZod(await request.formData(), { schema: createSignInCodeSchema(t) });
  if (submission.status !== "success") return refuse(submission);
  try {
    const reply = await loginWithCode(
      { token: null, request, deviceId: pending.deviceId },
      { challenge: pending.challenge, code: submission.value.code.trim() },
    );
    return completeSignIn(loginResult(reply, pending.redirectTo, pending.deviceId));
  } catch (error) {
    const failure = classifyFailure(error);
    logFailure("sign-in code", failure);
    if (failure.kind === "business" && failure.code === "two_factor_expired") return startAgain(request);
    const result = failureReply(submission, failure, t, {
      codeFields: { ...CODE_FIELD_CODES, too_many_requests: "code" },
      inputFields: { code: "code" },
      message: codeMessage(t, "security:errors.failed"),
    });
    return json({ result }, { status: 400, headers: NO_STORE });
  }
}

/** The challenge is gone (5 minutes, 5 wrong codes, used): back to the password, saying why. */
async function startAgain(request: Request) {
  return redirectWithToast(
    loginHref(),
    { key: "security:toast.signInAgain", type: "info" },
    { headers: { "Set-Cookie": await withoutChallenge(request) } },
  );
}

export default function LoginCodePage() {
  const { recovery } = useLoaderData<typeof loader>();
  const { t } = useTranslation("security");
  const { fields, formProps, summary, busy } = useZodForm({
    id: recovery ? "sign-in-recovery" : "sign-in-code",
    schema: () => import("./login_.code.schema").then((m) => m.createSignInCodeSchema(t)),
  });
  return (
    <section aria-labelledby="sign-in-code-title">
      <h1 id="sign-in-code-title" tabIndex={-1}>
        {t("signIn.heading")}
      </h1>
      <p>{t(recovery ? "signIn.recoveryIntro" : "signIn.intro")}</p>
      <FormErrorSummary fields={[fields.code]} {...summary} />
      <Form method="post" action={loginCodeHref({ recovery })} {...formProps} className="form">
        <input type="hidden" name="recovery" value={recovery ? "1" : "0"} />
        <CodeField field={fields.code} recovery={recovery} />
        <SubmitButton busy={busy} label={t("signIn.submit")} />
      </Form>
      <p className="links">
        <Link to={loginCodeHref({ recovery: !recovery })}>{t(recovery ? "signIn.useApp" : "signIn.useRecovery")}</Link>
        <Link to={loginHref()}>{t("signIn.cancel")}</Link>
      </p>
    </section>
  );
}
