import { Form } from "@remix-run/react";
import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";

/** A search field for what is typed by hand (codes, names): `type=search`, no autocomplete, no spellcheck. */
export const SearchInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type">>(
  function SearchInput(props, ref) {
    return <input ref={ref} type="search" autoComplete="off" spellCheck={false} {...props} />;
  },
);

/**
 * A plain GET search by code (docs/product.md#lists): works without JavaScript (type, press Enter or Search).
 * A blank search's message sits above the field, tied to it with aria-describedby (docs/product.md#validation).
 * `prefix` picks the screen's classes (`tr` → `tr-search`, `tr-search__row`); `children` follow the row (a Clear link).
 */
export function CodeSearchForm({
  action,
  prefix,
  formLabel,
  label,
  submitLabel,
  inputId,
  code,
  codeError,
  maxLength,
  children,
}: {
  action: string;
  prefix: string;
  formLabel: string;
  label: string;
  submitLabel: string;
  inputId: string;
  code: string;
  codeError: string | null;
  maxLength: number;
  children?: ReactNode;
}) {
  const errorId = `${inputId}-error`;
  return (
    <Form method="get" action={action} role="search" className={`${prefix}-search`} aria-label={formLabel}>
      <label htmlFor={inputId}>{label}</label>
      {codeError ? (
        <p id={errorId} className="field__error">
          {codeError}
        </p>
      ) : null}
      <div className={`${prefix}-search__row`}>
        <SearchInput
          id={inputId}
          name="code"
          defaultValue={code}
          maxLength={maxLength}
          enterKeyHint="search"
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? errorId : undefined}
        />
        <button type="submit" className="button">
          {submitLabel}
        </button>
      </div>
      {children}
    </Form>
  );
}
