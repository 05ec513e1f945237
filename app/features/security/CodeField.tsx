import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";

/** An authenticator code as a native `pattern` (the whole value must match; schemas.ts checks the same rule). */
const AUTHENTICATOR_PATTERN = "[0-9]{6}";

type CodeMetadata = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/**
 * The authenticator code field (docs/product.md#two-factor-and-devices): 6 digits on a numeric keypad, filled by the
 * phone's one-time-code suggestion. `recovery`: a recovery code instead (letters and digits, no pattern).
 */
export function CodeField({
  field,
  label,
  hint,
  recovery = false,
}: {
  field: CodeMetadata | FieldMetadata<string>;
  label?: string;
  hint?: string;
  recovery?: boolean;
}) {
  const { t } = useTranslation("security");
  const inputProps = getInputProps(field as CodeMetadata, { type: "text", ariaAttributes: false });
  const attributes = recovery
    ? { autoComplete: "off", autoCapitalize: "none", spellCheck: false, maxLength: 24 }
    : { autoComplete: "one-time-code", inputMode: "numeric" as const, pattern: AUTHENTICATOR_PATTERN, maxLength: 6 };
  return (
    <Field
      label={label ?? t(recovery ? "code.recoveryLabel" : "code.label")}
      hint={hint ?? t(recovery ? "code.recoveryHint" : "code.hint")}
      errors={field.errors}
      inputProps={{ ...inputProps, required: true, ...attributes }}
    />
  );
}
