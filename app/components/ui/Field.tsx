import type { InputHTMLAttributes, ReactNode } from "react";

export interface FieldProps {
  /** Visible label text. */
  label: ReactNode;
  /** Props for the <input>; usually `getInputProps(fields.x, { type })` from Conform. `id` is required. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string | null };
  /** Field errors (Conform's `fields.x.errors`); the first one is shown. */
  errors?: string[] | null;
  hint?: ReactNode;
  className?: string;
}

export function fieldErrorId(id: string) {
  return `${id}-error`;
}

/**
 * Label + input + optional hint + error, wired for assistive technology:
 * `aria-describedby` lists the hint and the error, `aria-invalid` marks a field in error.
 */
export function Field({ label, inputProps, errors, hint, className }: FieldProps) {
  const { key, id, ...rest } = inputProps;
  const hintId = hint ? `${id}-hint` : undefined;
  const error = errors?.[0];
  const errorId = error ? fieldErrorId(id) : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", error ? "field--error" : "", className ?? ""].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      <input
        key={key ?? undefined}
        id={id}
        {...rest}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
