/** The two-factor screen's forms (private to the route): confirm the set-up, new recovery codes, turn it off. */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { PasswordField } from "~/features/account/forms";
import { CodeField } from "~/features/security/CodeField";
import { useZodForm } from "~/forms/useZodForm";
import { recoveryCodesFileHref, twoFactorHref } from "~/utils/hrefs";

import type { TwoFactorData } from "./route.server";

/** The forms' schemas, loaded after the page is usable (docs/decisions/0280-validation-loads-after-hydration.md). */
const schemas = () => import("./schema");

type LastResult = SubmissionResult<string[]> | undefined;

/** A form asking for one current code: `enable` (the set-up's last step) or `recovery` (a new set of codes). */
export function CodeForm({
  intent,
  lastResult,
  submitLabel,
}: {
  intent: "enable" | "recovery";
  lastResult: LastResult;
  submitLabel: string;
}) {
  const { t } = useTranslation("security");
  const { constraint } = useLoaderData<TwoFactorData>();
  const { fields, formProps, summary, busy } = useZodForm({
    id: `two-factor-${intent}`,
    schema: () => schemas().then((m) => m.createTwoFactorSchemas(t)[intent]),
    constraint: constraint[intent],
    lastResult,
  });
  return (
    <>
      <FormErrorSummary fields={[fields.code]} {...summary} />
      <Form
        method="post"
        action={intent === "enable" ? twoFactorHref({ step: "setup" }) : twoFactorHref()}
        {...formProps}
        className="form"
      >
        <input type="hidden" name="intent" value={intent} />
        <CodeField field={fields.code} />
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
      </Form>
    </>
  );
}

/** Turning two-factor off: the login password and a code (an authenticator or a recovery code). */
export function DisableForm({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation("security");
  const { constraint } = useLoaderData<TwoFactorData>();
  const { fields, formProps, summary, busy } = useZodForm({
    id: "two-factor-disable",
    schema: () => schemas().then((m) => m.createTwoFactorSchemas(t).disable),
    constraint: constraint.disable,
    lastResult,
  });
  return (
    <>
      <FormErrorSummary fields={[fields.password, fields.code]} {...summary} />
      <Form method="post" action={twoFactorHref()} {...formProps} className="form">
        <input type="hidden" name="intent" value="disable" />
        <PasswordField field={fields.password} label={t("disable.password")} autoComplete="current-password" />
        <CodeField field={fields.code} label={t("disable.code")} hint={t("disable.codeHint")} recovery />
        <button type="submit" className="button button--danger" disabled={busy}>
          {t("disable.submit")}
        </button>
      </Form>
    </>
  );
}

/**
 * The new recovery codes, this once (docs/product.md#two-factor-and-devices): a list to copy, and "Download" (a plain
 * form post answered as a text file, with or without JS; the page is loaded as a document so the browser saves it).
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("security");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="recovery-title" className="card">
      <h2 id="recovery-title" tabIndex={-1} ref={heading}>
        {t("recovery.title")}
      </h2>
      <p>{t("recovery.intro")}</p>
      <ol className="recovery-codes" aria-label={t("recovery.listLabel")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className="notice notice--warning">{t("recovery.once")}</p>
      <Form method="post" action={recoveryCodesFileHref()} reloadDocument className="actions">
        <input type="hidden" name="intent" value="download" />
        {codes.map((code) => (
          <input key={code} type="hidden" name="codes" value={code} />
        ))}
        <button type="submit" className="button button--secondary">
          {t("recovery.download")}
        </button>
        <a href={twoFactorHref()} className="button">
          {t("recovery.done")}
        </a>
      </Form>
    </section>
  );
}
