/**
 * /settings/transaction-password (auth; docs/product.md#passwords; its Settings entry is hidden, the screen is
 * complete): set a 6-digit transaction password, or modify it with the current one, typed twice. Each field is a
 * plain numeric field (inputmode numeric, pattern, maxlength 6) that works without JS; with JS an on-screen keypad
 * types into the field last focused. Messages: "Please enter 6-digit transaction password", "Please confirm your
 * password", "Passwords do not match"; success "…set successfully" / "…modified successfully".
 */
import { getInputProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { RetryNotice } from "~/components/ui/RetryNotice";
import type { TextField } from "~/features/account/forms";
import { settingsLinks } from "~/features/account/route-exports";
import { SettingsActions } from "~/features/account/SettingsActions";
import { CodeField } from "~/features/security/CodeField";
import { CODE_FIELD_CODES, codeMessage } from "~/features/security/failures.server";
import { asksForCode } from "~/features/security/state.server";
import { formAction } from "~/forms/action.server";
import { formConstraint } from "~/forms/constraint.server";
import { useHydrated } from "~/forms/useHydrated";
import { useZodForm } from "~/forms/useZodForm";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { changeTransactionPassword, getTransactionPasswordState } from "~/provider/account.server";
import { attempt, logFailure } from "~/provider/failures.server";
import { settingsHref, transactionPasswordHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: [
    "wallet:transactionPassword",
    "wallet:realName",
    "wallet:settings",
    "security:code",
    "security:settings",
    "common:settings",
  ],
  titleKey: "wallet:transactionPassword.title",
};
export const links = settingsLinks;
export const headers = noStoreHeaders;

const HIDDEN = ["current", "password", "confirm"];
const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"] as const;
const LENGTH = 6;

type Mode = "set" | "modify";

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request);
  const [state, askCode] = await Promise.all([
    attempt(getTransactionPasswordState(context.provider)),
    asksForCode(context.provider),
  ]);
  if (!state.ok) logFailure("transaction password state", state.failure);
  const mode: Mode | null = state.ok ? (state.data.is_set ? "modify" : "set") : null;
  const { createTransactionPasswordSchema } = await import("./settings_.transaction-password.schema");
  const constraint = formConstraint(createTransactionPasswordSchema(context.t, mode === "modify"));
  return json({ mode, askCode, constraint }, { status: state.ok ? 200 : 503, headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request);
  const formData = await request.formData();
  // The screen said which it was; the provider refuses the other (password_exists / password_not_set).
  const mode: Mode = formData.get("mode") === "modify" ? "modify" : "set";
  const { createTransactionPasswordSchema } = await import("./settings_.transaction-password.schema");
  return formAction(formData, {
    schema: createTransactionPasswordSchema(context.t, mode === "modify"),
    t: context.t,
    where: "transaction password",
    hideFields: HIDDEN,
    call: ({ current, password, code }) =>
      changeTransactionPassword(context.provider, {
        fund_code_new: password,
        is_first: mode === "set",
        ...(mode === "modify" ? { fund_code: current } : {}),
        ...(code ? { code } : {}),
      }),
    codeFields: { password_no: "current", ...CODE_FIELD_CODES },
    message: codeMessage(
      context.t,
      mode === "set" ? "wallet:transactionPassword.setFailed" : "wallet:transactionPassword.modifyFailed",
    ),
    inputFields: { fund_code: "current", fund_code_new: "password" },
    fallbackKey: mode === "set" ? "wallet:transactionPassword.setFailed" : "wallet:transactionPassword.modifyFailed",
    success: () => ({
      to: settingsHref(),
      toast: {
        key: mode === "set" ? "wallet:toast.transactionPasswordSet" : "wallet:toast.transactionPasswordChanged",
      },
    }),
  });
}

export default function TransactionPasswordPage() {
  const { mode, askCode } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const hydrated = useHydrated();
  // The account schemas speak `common` and name their wallet strings in full.
  const { t: common } = useTranslation("common");
  const { fields, formProps, summary, busy } = useZodForm({
    id: "transaction-password",
    schema: () =>
      import("./settings_.transaction-password.schema").then((m) =>
        m.createTransactionPasswordSchema(common, mode === "modify"),
      ),
  });
  // The field the keypad types into: the one focused last (the first one to begin with).
  const [target, setTarget] = useState<"current" | "password" | "confirm">(mode === "modify" ? "current" : "password");

  if (!mode) {
    return (
      <div className="st-page">
        <h1 tabIndex={-1}>{t("transactionPassword.title")}</h1>
        <RetryNotice
          message={t("transactionPassword.stateFailed")}
          href={transactionPasswordHref()}
          retryLabel={t("realName.retry")}
        />
      </div>
    );
  }

  const entries: { name: "current" | "password" | "confirm"; label: string; field: TextField }[] = [
    ...(mode === "modify"
      ? [{ name: "current" as const, label: t("transactionPassword.current"), field: fields.current }]
      : []),
    { name: "password", label: t("transactionPassword.new"), field: fields.password },
    { name: "confirm", label: t("transactionPassword.confirm"), field: fields.confirm },
  ];
  const targetEntry = entries.find((entry) => entry.name === target) ?? entries[0];
  // The field itself holds the digits (taps can come faster than renders); Conform hears the input event.
  const press = (digit: string | null) => {
    const input = document.getElementById(targetEntry.field.id);
    if (!(input instanceof HTMLInputElement)) return;
    const value = input.value;
    input.value = digit === null ? value.slice(0, -1) : value.length < LENGTH ? value + digit : value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };

  return (
    <div className="st-page">
      <h1 tabIndex={-1}>
        {t(mode === "modify" ? "transactionPassword.headingModify" : "transactionPassword.headingSet")}
      </h1>
      <p>{t("transactionPassword.intro")}</p>
      <FormErrorSummary fields={[...entries.map((entry) => entry.field), fields.code]} {...summary} />
      <Form method="post" action={transactionPasswordHref()} {...formProps} className="form card">
        <input type="hidden" name="mode" value={mode} />
        {entries.map((entry) => (
          <Field
            key={entry.name}
            label={entry.label}
            hint={t("transactionPassword.hint")}
            errors={entry.field.errors}
            inputProps={{
              ...getInputProps(entry.field, { type: "password", ariaAttributes: false }),
              inputMode: "numeric",
              pattern: "[0-9]{6}",
              maxLength: LENGTH,
              autoComplete: "off",
              onFocus: () => setTarget(entry.name),
            }}
          />
        ))}
        {hydrated ? (
          <div
            className="st-keypad"
            role="group"
            aria-label={t("transactionPassword.keypad", { field: targetEntry.label })}
          >
            {DIGITS.map((digit) => (
              <button key={digit} type="button" className="st-key" onClick={() => press(digit)}>
                {digit}
              </button>
            ))}
            <button type="button" className="st-key st-key--delete" onClick={() => press(null)}>
              <span aria-hidden="true">⌫</span>
              <span className="sr-only">{t("transactionPassword.delete")}</span>
            </button>
          </div>
        ) : null}
        {askCode ? <CodeField field={fields.code} /> : null}
        <SettingsActions
          busy={busy}
          submitLabel={t(mode === "modify" ? "transactionPassword.submitModify" : "transactionPassword.submitSet")}
        />
      </Form>
    </div>
  );
}
