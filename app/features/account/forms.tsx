/**
 * What the account forms share (login, register, forgot password, the settings passwords): the reply form set up the
 * one way (docs/decisions/0006-form-validation-on-the-server.md), the password fields, and the public forms' submit.
 * Only `common` strings here: the settings screens pass their own (wallet) labels.
 */
import type { InputHTMLAttributes } from "react";

import { Field } from "~/components/ui/Field";
import { useSubmitAttempts } from "~/components/ui/FormErrors";
import { getFormProps, getInputProps, useReplyForm, type FieldMetadata, type ReplyFormOptions } from "~/components/ui/replyForm";
import { useTranslation } from "react-i18next";

import { phoneInputAttributes } from "./fields";

/**
 * An account form: the schema's HTML constraints computed by the loader, validation in the action on submit
 * only, so no extra round trips on a flaky network and no blur-triggered validation request racing the real
 * submit. Returns the <Form>'s props and its error summary's.
 */
export function useAccountForm<Fields extends Record<string, unknown>>({
  id,
  lastResult,
  constraint,
  defaultValue,
}: {
  id: string;
  lastResult: ReplyFormOptions<Fields>["lastResult"];
  constraint: ReplyFormOptions<Fields>["constraint"];
  defaultValue?: ReplyFormOptions<Fields>["defaultValue"];
}) {
  const [form, fields] = useReplyForm<Fields>({ id, lastResult, defaultValue, constraint });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  return {
    form,
    fields,
    formProps: { ...getFormProps(form), onSubmitCapture },
    summary: { formErrors: form.errors, lastResult, attempts },
  };
}

interface AccountFieldProps {
  field: FieldMetadata;
  label: string;
  hint?: string;
}

function AccountField({
  field,
  label,
  hint,
  type,
  attributes,
}: AccountFieldProps & { type: "text" | "password"; attributes: InputHTMLAttributes<HTMLInputElement> }) {
  const inputProps = { ...getInputProps(field, { type, ariaAttributes: false }), ...attributes };
  return <Field label={label} hint={hint} errors={field.errors} inputProps={inputProps} />;
}

/**
 * The phone number (the account's name): digits only as typed (docs/product.md#validation), on a numeric keypad.
 * A `text` input, not `tel`: HTML allows neither `username` nor `tel-national` autocomplete on a `tel` input
 * (docs/decisions/0197-form-attributes-html-allows.md).
 */
export function PhoneField({ autoComplete, ...props }: AccountFieldProps & { autoComplete: Parameters<typeof phoneInputAttributes>[0] }) {
  return <AccountField {...props} type="text" attributes={phoneInputAttributes(autoComplete)} />;
}

/** A password input: the current one (`current-password`) or a new one (`new-password`, for password managers). */
export function PasswordField({ autoComplete, ...props }: AccountFieldProps & { autoComplete: "current-password" | "new-password" }) {
  return <AccountField {...props} type="password" attributes={{ autoComplete }} />;
}

/** A new password and its confirmation (docs/product.md#passwords). */
export function NewPasswordFields({
  password,
  confirm,
  labels,
}: {
  password: FieldMetadata;
  confirm: FieldMetadata;
  labels: { password: string; hint: string; confirm: string };
}) {
  return (
    <>
      <PasswordField field={password} label={labels.password} hint={labels.hint} autoComplete="new-password" />
      <PasswordField field={confirm} label={labels.confirm} autoComplete="new-password" />
    </>
  );
}

/** A public account form's submit: the whole width, "Submitting…" while it posts. */
export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  const { t } = useTranslation("common");
  return (
    <button type="submit" className="button button--block" disabled={busy}>
      {busy ? t("form.submitting") : label}
    </button>
  );
}
