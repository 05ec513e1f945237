/**
 * What the account forms share (login, register, forgot password, the settings passwords): the phone and password
 * fields and the public forms' submit, for forms made with the kit's `useZodForm` (docs/ARCHITECTURE.md#forms).
 * Only `common` strings here: the settings screens pass their own (wallet) labels. A new password and its
 * confirmation are NewPasswordFields.tsx.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";

import { phoneInputAttributes } from "./fields";

/** A text field of a kit form. */
export type TextField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

interface AccountFieldProps {
  field: TextField;
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
export function PhoneField({
  autoComplete,
  ...props
}: AccountFieldProps & { autoComplete: Parameters<typeof phoneInputAttributes>[0] }) {
  return <AccountField {...props} type="text" attributes={phoneInputAttributes(autoComplete)} />;
}

/** A password input: the current one (`current-password`) or a new one (`new-password`, for password managers). */
export function PasswordField({
  autoComplete,
  ...props
}: AccountFieldProps & { autoComplete: "current-password" | "new-password" }) {
  return <AccountField {...props} type="password" attributes={{ autoComplete }} />;
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
